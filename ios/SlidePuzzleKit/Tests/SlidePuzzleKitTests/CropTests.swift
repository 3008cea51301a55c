import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// Whether `colour` is near `expected` (JPEG and the resize blur the exact values).
private func near(_ colour: [UInt8], _ expected: [UInt8]) -> Bool {
    zip(colour, expected).allSatisfy { abs(Int($0) - Int($1)) < 60 }
}

private let red: [UInt8] = [255, 0, 0]
private let blue: [UInt8] = [0, 0, 255]

/// A platform decoder for tests: any bytes are a 200×100 photo, red left and blue right,
/// decoded at the size asked for; it records the sizes asked.
private final class FakeHEIC: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [Int] = []

    var requests: [Int] { lock.withLock { asked } }

    var decoder: PhotoDecoder {
        PhotoDecoder(
            size: { _ in (200, 100) },
            pixels: { [self] _, maxEdge in
                lock.withLock { asked.append(maxEdge) }
                let (w, h) = (maxEdge, maxEdge / 2)
                var bytes = Data(capacity: w * h * 4)
                for _ in 0..<h {
                    for x in 0..<w { bytes += x < w / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
                }
                return DecodedPixels(width: w, height: h, stride: w * 4, rgba: bytes)
            })
    }
}

@MainActor
@Suite("The square the player chooses")
struct CropTests {
    @Test("Zoom never shows less than the frame, pans never leave the photo, double-tap resets")
    func frameLimits() {
        var frame = CropFrame(width: 400, height: 300)
        #expect(frame.crop == PhotoCrop(x: 0.125, y: 0, side: 1))
        #expect(frame.isCentreSquare)
        frame.zoom(by: 0.5)
        #expect(frame.zoom == 1)
        frame.pan(dx: -1000, dy: 0, frameSide: 300)  // photo dragged left: the square goes right
        #expect(frame.crop == PhotoCrop(x: 0.25, y: 0, side: 1))
        frame.zoom(by: 1000)
        #expect(frame.zoom == frame.maximumZoom && frame.sidePixels == 64)
        frame.pan(dx: 5000, dy: 5000, frameSide: 300)
        #expect(frame.crop.x == 0 && frame.crop.y == 0)
        frame.reset()
        #expect(frame.isCentreSquare && frame.crop == PhotoCrop(x: 0.125, y: 0, side: 1))
    }

    @Test("The photo drawn under the frame and the crop's fractions agree")
    func frameToFractions() {
        var frame = CropFrame(width: 400, height: 300)
        frame.zoom(by: 2)  // a 150-pixel square around the centre (200, 150)
        frame.pan(dx: -100, dy: 0, frameSide: 300)  // 100 points = 50 pixels to the right
        #expect(frame.crop == PhotoCrop(x: 175.0 / 400, y: 75.0 / 300, side: 0.5))
        let rect = frame.photoRect(frameSide: 300)  // 2 points per pixel
        #expect(rect == (-350, -150, 800, 600))
        // The frame's top-left point is the crop's top-left pixel.
        #expect(-rect.x / rect.width == frame.crop.x && -rect.y / rect.height == frame.crop.y)
    }

    @Test("VoiceOver nudges move the square a tenth of its side and stop at the photo's edge")
    func nudges() {
        var frame = CropFrame(width: 300, height: 300)
        frame.zoom(by: 2)
        frame.nudge(.right)
        #expect(abs(frame.crop.x - (75.0 + 15) / 300) < 1e-9)
        for _ in 0..<20 { frame.nudge(.up) }
        #expect(frame.crop.y == 0)
    }

    @Test("Each half of a photo chosen through the model comes out its colour")
    func halvesThroughTheModel() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        let data = try fixtureJPEG()
        let size = try #require(await model.photoSize(data))
        #expect(size == (200, 100))
        #expect(await model.choosePhoto(data: data, size: 3, crop: PhotoCrop(x: 0, y: 0, side: 1)))
        #expect(near(pixel(try #require(model.picture), 48, 48), red))
        #expect(await model.choosePhoto(data: data, size: 3, crop: PhotoCrop(x: 0.5, y: 0, side: 1)))
        #expect(near(pixel(try #require(model.picture), 48, 48), blue))
        #expect(model.state.crop == PhotoCrop(x: 0.5, y: 0, side: 1))
    }

    @Test("A photo turned by EXIF is cropped in its upright shape")
    func turnedPhoto() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        let turned = withExifOrientation(try fixtureJPEG(), 6)  // a quarter turn clockwise
        let size = try #require(await model.photoSize(turned))
        #expect(size == (100, 200))
        var frame = CropFrame(width: size.width, height: size.height)
        frame.pan(dx: 0, dy: 10_000, frameSide: 300)  // the photo pulled down: its top square
        #expect(frame.crop == PhotoCrop(x: 0, y: 0, side: 1))
        #expect(await model.choosePhoto(data: turned, size: 3, crop: frame.crop))
        #expect(near(pixel(try #require(model.picture), 48, 48), red))  // the left half, now on top
        frame.pan(dx: 0, dy: -10_000, frameSide: 300)
        #expect(await model.choosePhoto(data: turned, size: 3, crop: frame.crop))
        #expect(near(pixel(try #require(model.picture), 48, 48), blue))
    }

    @Test("A crop that leaves the photo is refused in words and the start screen stays")
    func badCrop() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        #expect(!(await model.choosePhoto(data: try fixtureJPEG(), size: 3, crop: PhotoCrop(x: 0.8, y: 0, side: 1))))
        #expect(model.state.phase == .start)
        #expect(model.state.message?.contains("leaves the picture on the right") == true)
    }

    @Test("The crop is saved with the game, and the restored game shows the same square")
    func cropIsSaved() async throws {
        let dir = temporaryDirectory()
        let model = PuzzleModel(environment: testEnvironment(directory: dir))
        #expect(await model.choosePhoto(data: try fixtureJPEG(), size: 3, crop: PhotoCrop(x: 0.5, y: 0, side: 1)))
        model.tap(cell: 8)
        model.enterBackground()
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        await again.restoreSession()?.value
        #expect(again.state.crop == PhotoCrop(x: 0.5, y: 0, side: 1))
        #expect(again.picture == model.picture)
        // A save written before crops existed still reads, as the centre square.
        var old =
            try JSONSerialization.jsonObject(
                with: try Data(contentsOf: dir.appendingPathComponent("support/session.json"))) as! [String: Any]
        old.removeValue(forKey: "crop")
        let decoded = try JSONDecoder().decode(SavedSession.self, from: try JSONSerialization.data(withJSONObject: old))
        #expect(decoded.crop == nil)
    }

    @Test("A photo the core does not decode goes through the platform's pixels, decoded no larger than needed")
    func platformPixels() async throws {
        let heic = FakeHEIC()
        var env = testEnvironment()
        env.photoDecoder = heic.decoder
        let model = PuzzleModel(environment: env)
        let data = Data("ftypheic, not a format the core reads".utf8)
        #expect(await model.photoSize(data)! == (200, 100))
        #expect(await model.choosePhoto(data: data, size: 3, crop: PhotoCrop(x: 0.5, y: 0, side: 1)))
        #expect(near(pixel(try #require(model.picture), 48, 48), blue))
        // 96 pixels of a square that is the photo's height: the long side at 192.
        #expect(heic.requests == [192])
        #expect(await model.choosePhoto(data: data, size: 3, crop: PhotoCrop(x: 0, y: 0, side: 0.5)))
        #expect(near(pixel(try #require(model.picture), 48, 48), red))
        #expect(heic.requests.last == 200)  // 384 would be needed, but the photo has 200
    }

    @Test("A photo nothing can read says so, and the start screen stays as it was")
    func unreadable() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        #expect(!(await model.choosePhoto(data: Data("no picture here".utf8), size: 3)))
        #expect(model.state.phase == .start)
        #expect(model.state.message?.hasPrefix("This picture can't be used: not a supported image") == true)
    }

    @Test("The platform decodes no more than the square needs, never a whole 48 MP photo")
    func decodeEdge() {
        #expect(platformDecodeEdge(width: 8000, height: 6000, crop: nil, edge: 1024) == 1366)
        #expect(
            platformDecodeEdge(width: 8000, height: 6000, crop: PhotoCrop(x: 0, y: 0, side: 0.25), edge: 1024) == 4096)
        #expect(platformDecodeEdge(width: 300, height: 200, crop: nil, edge: 1024) == 300)
        #expect(
            platformDecodeEdge(width: 6000, height: 8000, crop: PhotoCrop(x: 0, y: 0, side: 0.5), edge: 1000) == 2667)
    }
}
