import CoreGraphics
import SlidePuzzleCore
import SwiftUI

/// The core's square RGBA picture as a CGImage, and cut into tiles by the core's rectangles.
enum PictureImage {
    static func cgImage(_ picture: Picture) -> CGImage? {
        let edge = Int(picture.edge)
        guard let provider = CGDataProvider(data: picture.rgba as CFData) else { return nil }
        return CGImage(
            width: edge, height: edge, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: edge * 4,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
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
