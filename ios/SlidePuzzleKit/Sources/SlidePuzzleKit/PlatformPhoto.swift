import Foundation
import SlidePuzzleCore

#if canImport(ImageIO) && canImport(CoreGraphics)
    import CoreGraphics
    import ImageIO
#endif

/// Pixels a platform decoded: `height` rows of `width` upright RGBA pixels, `stride` bytes apart.
public struct DecodedPixels: Sendable {
    public var width: Int
    public var height: Int
    public var stride: Int
    public var rgba: Data

    public init(width: Int, height: Int, stride: Int, rgba: Data) {
        self.width = width
        self.height = height
        self.stride = stride
        self.rgba = rgba
    }
}

/// A platform's photo decoder (ImageIO on the phone; tests pass their own): a photo's upright
/// size without decoding it, and its pixels, upright, in sRGB, at most `maxEdge` on the longest
/// side, so a 48 MP photo is never decoded whole.
public struct PhotoDecoder: Sendable {
    public var size: @Sendable (Data) -> (width: Int, height: Int)?
    public var pixels: @Sendable (Data, _ maxEdge: Int) -> DecodedPixels?

    public init(
        size: @escaping @Sendable (Data) -> (width: Int, height: Int)?,
        pixels: @escaping @Sendable (Data, _ maxEdge: Int) -> DecodedPixels?
    ) {
        self.size = size
        self.pixels = pixels
    }
}

/// The photo pipeline, on the caller's thread (the model runs it on ``CoreQueue``): the
/// platform's decoder first, at the size needed, its pixels handed to the core; the core's own
/// decoder (the path the Linux tests run) where there is no platform decoder or it fails. The
/// fallback is taken on any failure of the first; only a crop outside the photo is no
/// decoder's to mend. Nothing here reads an error's words.
enum PhotoPipeline {
    /// The photo's upright width and height.
    static func size(_ data: Data, decoder: PhotoDecoder?) -> (width: Int, height: Int)? {
        if let size = decoder?.size(data) { return size }
        if let size = try? pictureSize(bytes: data) { return (Int(size.width), Int(size.height)) }
        return nil
    }

    /// The whole photo at most `maxEdge` on its longest side, for the crop screen.
    static func preview(_ data: Data, maxEdge: Int, decoder: PhotoDecoder?) -> PhotoPreview? {
        if let px = decoder?.pixels(data, maxEdge) {
            return PhotoPreview(
                width: UInt32(px.width), height: UInt32(px.height), rgba: packed(px))
        }
        return try? loadPreview(bytes: data, maxEdge: UInt32(maxEdge))
    }

    /// The puzzle's picture: the square `crop` (the centre square when nil) of the photo, `edge`
    /// pixels wide.
    static func picture(_ data: Data, crop: PhotoCrop?, edge: UInt32, decoder: PhotoDecoder?)
        throws(PhotoProblem) -> Picture
    {
        guard !data.isEmpty else { throw .empty }
        if let decoder, let size = decoder.size(data) {
            if let crop, !crop.fits(width: size.width, height: size.height) { throw .unreadable }
            let longest = platformDecodeEdge(width: size.width, height: size.height, crop: crop, edge: Int(edge))
            if let px = decoder.pixels(data, longest),
                let picture = try? pictureFromPixels(
                    width: UInt32(px.width), height: UInt32(px.height), rgba: px.rgba,
                    stride: UInt32(px.stride), crop: crop?.core, edge: edge)
            {
                return picture
            }
        }
        do {
            return try loadPictureCropped(bytes: data, edge: edge, crop: crop?.core)
        } catch {
            throw .unreadable
        }
    }

    /// Rows `stride` apart as one tight buffer.
    private static func packed(_ px: DecodedPixels) -> Data {
        let row = px.width * 4
        guard px.stride != row else { return px.rgba }
        var out = Data(capacity: row * px.height)
        for y in 0..<px.height {
            out.append(px.rgba[(y * px.stride)..<(y * px.stride + row)])
        }
        return out
    }
}

#if canImport(ImageIO) && canImport(CoreGraphics)
    extension PhotoDecoder {
        /// ImageIO: the size from the file's properties (turned by its orientation), and a
        /// thumbnail made from the full image with the orientation applied, at most `maxEdge`
        /// on its longest side, drawn into sRGB (a Display P3 photo keeps its colours).
        public static let imageIO = PhotoDecoder(
            size: { data in
                guard let source = CGImageSourceCreateWithData(data as CFData, nil),
                    let props = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
                    let width = props[kCGImagePropertyPixelWidth] as? Int,
                    let height = props[kCGImagePropertyPixelHeight] as? Int
                else { return nil }
                let orientation = props[kCGImagePropertyOrientation] as? Int ?? 1
                return (5...8).contains(orientation) ? (height, width) : (width, height)
            },
            pixels: { data, maxEdge in
                guard let source = CGImageSourceCreateWithData(data as CFData, nil),
                    let srgb = CGColorSpace(name: CGColorSpace.sRGB)
                else { return nil }
                let options: [CFString: Any] = [
                    kCGImageSourceCreateThumbnailFromImageAlways: true,
                    kCGImageSourceCreateThumbnailWithTransform: true,
                    kCGImageSourceThumbnailMaxPixelSize: maxEdge,
                    kCGImageSourceShouldCacheImmediately: true,
                ]
                guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary)
                else { return nil }
                let (width, height) = (image.width, image.height)
                let stride = width * 4
                var bytes = Data(count: stride * height)
                let drawn = bytes.withUnsafeMutableBytes { buffer -> Bool in
                    guard
                        let context = CGContext(
                            data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
                            bytesPerRow: stride, space: srgb,
                            bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)
                    else { return false }
                    context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
                    return true
                }
                guard drawn else { return nil }
                // noneSkipLast leaves the fourth byte undefined: the core's pictures are opaque.
                bytes.withUnsafeMutableBytes { buffer in
                    for i in Swift.stride(from: 3, to: buffer.count, by: 4) { buffer[i] = 255 }
                }
                return DecodedPixels(width: width, height: height, stride: stride, rgba: bytes)
            })
    }
#endif
