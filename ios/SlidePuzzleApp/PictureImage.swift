import CoreGraphics
import SlidePuzzleCore
import SwiftUI

/// The core's RGBA pixels (sRGB) as CGImages, and a picture cut into tiles by the core's
/// rectangles.
enum PictureImage {
    static func cgImage(width: Int, height: Int, rgba: Data) -> CGImage? {
        guard let provider = CGDataProvider(data: rgba as CFData),
            let srgb = CGColorSpace(name: CGColorSpace.sRGB)
        else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
            space: srgb, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    static func cgImage(_ picture: Picture) -> CGImage? {
        cgImage(width: Int(picture.edge), height: Int(picture.edge), rgba: picture.rgba)
    }

    /// One image per home cell, row-major.
    static func tiles(_ picture: Picture, size: Int) -> [Image] {
        guard let whole = cgImage(picture) else { return [] }
        return (0..<size * size).compactMap { cell in
            guard let r = try? tileRect(size: UInt32(size), edge: picture.edge, cell: UInt32(cell)),
                let piece = whole.cropping(
                    to: CGRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height)))
            else { return nil }
            return Image(decorative: piece, scale: 1)
        }
    }
}
