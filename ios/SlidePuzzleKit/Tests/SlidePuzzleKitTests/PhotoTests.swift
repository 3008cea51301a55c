import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// The JPEG fixture: 200×100, red on the left half, blue on the right.
let redBlueJPEG: Data = try! Data(
    contentsOf: repositoryRoot.appendingPathComponent(
        "ios/SlidePuzzleKit/Tests/SlidePuzzleKitTests/Fixtures/red-left-blue-right-200x100.jpg"))

/// A platform decoder for bytes the core cannot read: it says the photo is `width`×`height`
/// and draws it as green pixels at the size asked, remembering each size asked for.
final class FakePlatform: @unchecked Sendable {
    let lock = NSLock()
    var asked: [Int] = []
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    var decoder: PhotoDecoder {
        PhotoDecoder(
            size: { [self] data in data == Self.bytes ? (width, height) : nil },
            pixels: { [self] data, maxEdge in
                guard data == Self.bytes else { return nil }
                lock.withLock { asked.append(maxEdge) }
                let scale = Double(maxEdge) / Double(max(width, height))
                let (w, h) = (Int(Double(width) * scale), Int(Double(height) * scale))
                var rgba = Data(count: w * h * 4)
                for i in stride(from: 0, to: rgba.count, by: 4) {
                    rgba[i + 1] = 200
                    rgba[i + 3] = 255
                }
                return DecodedPixels(width: w, height: h, stride: w * 4, rgba: rgba)
            })
    }

    /// Bytes no decoder of the core knows.
    static let bytes = Data("not a format the core reads".utf8)
}

@MainActor
@Suite("Photos")
struct PhotoTests {
    /// A fetch that waits `ms` and hands over `data` (nil: the download failed). Like a real
    /// transfer, it does not stop when its task is cancelled.
    nonisolated func fetch(_ data: Data?, after ms: Int = 0) -> @Sendable () async throws -> Data? {
        {
            let end = ContinuousClock.now + .milliseconds(ms)
            while ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(5)) }
            return data
        }
    }

    @Test("A failed fetch is said in words and the start screen stays")
    func failedFetch() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        model.pickPhoto(fetch: fetch(nil, after: 10))
        #expect(model.state.photoLoad != nil)
        #expect(await eventually { model.state.photoLoad == nil })
        #expect(model.state.screen == .start)
        #expect(model.state.note == .photoFailed(.notDownloaded))
        #expect(model.state.announcement?.note == .photoFailed(.notDownloaded))
        model.pickPhoto(fetch: fetch(Data("garbage".utf8)))
        #expect(await eventually { model.state.photoLoad == nil })
        #expect(model.state.note == .photoFailed(.unreadable))
    }

    @Test("A second pick replaces the first: the first's late answer opens nothing")
    func secondPickReplaces() async throws {
        let platform = FakePlatform(width: 300, height: 900)
        var env = testEnvironment()
        env.photoDecoder = platform.decoder
        let model = PuzzleModel(environment: env)
        model.pickPhoto(fetch: fetch(redBlueJPEG, after: 300))
        model.pickPhoto(fetch: fetch(FakePlatform.bytes, after: 10))
        #expect(await eventually { model.state.screen == .crop })
        #expect(model.state.cropFrame?.width == 300 && model.state.cropFrame?.height == 900)
        try await Task.sleep(for: .milliseconds(500))
        #expect(model.state.cropFrame?.width == 300)
    }

    @Test("While a photo loads a built-in is refused; Cancel drops the photo")
    func builtinWaits() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        model.pickPhoto(fetch: fetch(redBlueJPEG, after: 200))
        await model.chooseBuiltin(id: model.builtins[0].id)
        #expect(model.state.screen == .start && model.state.photoLoad != nil)
        model.cancelPhotoLoad()
        #expect(model.state.photoLoad == nil)
        try await Task.sleep(for: .milliseconds(400))
        #expect(model.state.screen == .start)
        await model.chooseBuiltin(id: model.builtins[0].id)
        #expect(model.state.screen == .game)
    }

    @Test("A photo over 50 MP goes through the platform's decoder at the size needed, never whole")
    func overFiftyMegapixels() async throws {
        let platform = FakePlatform(width: 9000, height: 6000)
        var env = testEnvironment()
        env.photoDecoder = platform.decoder
        let model = PuzzleModel(environment: env)
        model.pickPhoto(fetch: fetch(FakePlatform.bytes))
        #expect(await eventually { model.state.screen == .crop })
        await model.cropUse()
        #expect(model.state.screen == .game)
        let picture = try #require(model.picture)
        #expect(picture.rgba[1] == 200 && picture.rgba[0] == 0)  // the platform's green
        #expect(platform.lock.withLock { platform.asked.allSatisfy { $0 <= 4096 } && !platform.asked.isEmpty })
    }

    @Test("Where the platform cannot read a photo, the core's decoder does")
    func coreFallback() async throws {
        var env = testEnvironment()
        env.photoDecoder = FakePlatform(width: 1, height: 1).decoder  // knows none of the core's formats
        let model = PuzzleModel(environment: env)
        model.selectSize(3)
        model.pickPhoto(fetch: fetch(redBlueJPEG))
        #expect(await eventually { model.state.screen == .crop })
        #expect(model.state.cropFrame?.width == 200 && model.state.cropFrame?.height == 100)
        await model.cropUse()
        let picture = try #require(model.picture)
        #expect(picture.rgba[0] > 200)  // red, the left of the centre square
    }

    @Test("The kept square is a PNG of at most 2048 pixels, never the original: a relaunch decodes that")
    func keptSquare() async throws {
        let dir = temporaryDirectory()
        let model = PuzzleModel(environment: testEnvironment(directory: dir))
        model.selectSize(3)
        model.pickPhoto(fetch: fetch(redBlueJPEG))
        #expect(await eventually { model.state.screen == .crop })
        model.cropPan(dx: 1000, dy: 0, frameSide: 300)  // the left square
        await model.cropUse()
        guard case .photo(let name)? = model.state.picture else {
            Issue.record("no photo kept")
            return
        }
        #expect(PhotoStore.isSquare(name))
        let photos = dir.appendingPathComponent("support/Photos")
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos.path) == [name])
        let png = try Data(contentsOf: photos.appendingPathComponent(name))
        #expect(png != redBlueJPEG && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let size = try pictureSize(bytes: png)
        #expect(size.width == 100 && size.height == 100)  // the square's own pixels
        model.tap(cell: 8)
        model.saveNow()
        let again = await relaunched(dir)
        let picture = try #require(again.picture)
        #expect(picture.rgba[0] > 200 && picture.rgba[2] < 60)  // red: the left square
    }

    @Test("The core's path and the pixels path cut the same picture from a photo")
    func pathsAgree() throws {
        let crop = PhotoCrop(x: 0.25, y: 0, side: 1)
        let viaCore = try PhotoPipeline.picture(redBlueJPEG, crop: crop, edge: 64, decoder: nil)
        // Pixels handed over as a platform would, here decoded by the core's preview.
        let pixels = PhotoDecoder(
            size: { _ in (200, 100) },
            pixels: { data, maxEdge in
                guard let p = try? loadPreview(bytes: data, maxEdge: UInt32(maxEdge)) else { return nil }
                return DecodedPixels(width: Int(p.width), height: Int(p.height), stride: Int(p.width) * 4, rgba: p.rgba)
            })
        let viaPixels = try PhotoPipeline.picture(redBlueJPEG, crop: crop, edge: 64, decoder: pixels)
        #expect(viaCore.edge == viaPixels.edge)
        let differences = zip(viaCore.rgba, viaPixels.rgba).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(mean < 2, "mean difference \(mean)")
    }

    @Test("A pinch keeps the photo pixel under the fingers where it is")
    func pinchAboutTheFingers() {
        var frame = CropFrame(width: 4000, height: 3000, minimumSide: 300)
        let fingers = (x: 220.0, y: 90.0)
        let before = frame.pixel(atFrameX: fingers.x, y: fingers.y, frameSide: 300)
        frame.zoom(by: 2, aboutX: fingers.x, y: fingers.y, frameSide: 300)
        let after = frame.pixel(atFrameX: fingers.x, y: fingers.y, frameSide: 300)
        #expect(abs(before.x - after.x) < 0.001 && abs(before.y - after.y) < 0.001)
        #expect(frame.zoom == 2)
        // Zooming out past the photo's edge keeps the frame on the photo.
        frame.zoom(by: 0.1, aboutX: 0, y: 0, frameSide: 300)
        #expect(frame.zoom == 1 && frame.crop.fits(width: 4000, height: 3000))
    }

    @Test("The smallest square is the board's pixels")
    func smallestSquareFollowsTheBoard() async throws {
        let platform = FakePlatform(width: 2000, height: 1500)
        var env = testEnvironment()
        env.photoDecoder = platform.decoder
        let other = PuzzleModel(environment: env)
        await other.boardDidResize(points: 200, scale: 3)
        other.pickPhoto(fetch: fetch(FakePlatform.bytes))
        #expect(await eventually { other.state.screen == .crop })
        #expect(other.state.cropFrame?.minimumSide == 600)
        other.cropZoom(by: 100, aboutX: 150, y: 150, frameSide: 300)
        #expect(other.state.cropFrame?.sidePixels == 600)
    }
}
