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

/// Reads photos the core does not decode (HEIC/HEIF, AVIF, RAW): their upright size, and their
/// pixels, upright, at most `maxEdge` on the longest side. The app uses ImageIO; tests pass
/// their own.
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

/// The picture of a photo, on the caller's thread: the core decodes what it can (JPEG, PNG,
/// WebP, GIF); anything else goes through `decoder`, decoded no larger than the crop needs,
/// and into the core as pixels. Errors are the core's (a photo nothing can read keeps its
/// "not a supported image").
func photoPicture(data: Data, crop: PhotoCrop?, edge: UInt32, decoder: PhotoDecoder?) throws -> Picture {
    do {
        return try loadPictureCropped(bytes: data, edge: edge, crop: crop?.core)
    } catch let error as PuzzleError {
        guard case .BadPicture(let message) = error, message.hasPrefix("not a supported image"),
            let decoder, let size = decoder.size(data)
        else { throw error }
        let longest = platformDecodeEdge(width: size.width, height: size.height, crop: crop, edge: Int(edge))
        guard let px = decoder.pixels(data, longest) else { throw error }
        return try pictureFromPixels(
            width: UInt32(px.width), height: UInt32(px.height), rgba: px.rgba, stride: UInt32(px.stride),
            crop: crop?.core, edge: edge)
    }
}

/// A photo's upright size: from its header by the core, else by the platform's decoder.
func uprightPhotoSize(data: Data, decoder: PhotoDecoder?) -> (width: Int, height: Int)? {
    if let size = try? pictureSize(bytes: data) { return (Int(size.width), Int(size.height)) }
    return decoder?.size(data)
}

#if canImport(ImageIO) && canImport(CoreGraphics)
    extension PhotoDecoder {
        /// ImageIO: the size from the file's properties (turned by its orientation), and a
        /// thumbnail made from the full image with the orientation applied, at most `maxEdge`
        /// on its longest side, so a 48 MP photo is never decoded whole.
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
                guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
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
                            bytesPerRow: stride, space: CGColorSpaceCreateDeviceRGB(),
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
