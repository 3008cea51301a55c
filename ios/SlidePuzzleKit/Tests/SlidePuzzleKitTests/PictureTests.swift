import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// A 200×100 JPEG, red on the left half and blue on the right (made once with an image
/// library; see Fixtures).
func fixtureJPEG() throws -> Data {
    let url = try #require(
        Bundle.module.url(forResource: "red-left-blue-right-200x100", withExtension: "jpg", subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// `jpeg` with an EXIF segment carrying `orientation`, right after the start marker, as a
/// phone camera writes it.
func withExifOrientation(_ jpeg: Data, _ orientation: UInt16) -> Data {
    var tiff: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0, 1, 0]  // header, IFD at 8, one entry
    tiff += [0x12, 0x01, 3, 0, 1, 0, 0, 0]  // tag 0x0112 Orientation, SHORT, count 1
    tiff += [UInt8(orientation & 0xff), UInt8(orientation >> 8), 0, 0, 0, 0, 0, 0]
    let app1 = Array("Exif\0\0".utf8) + tiff
    var out = Data(jpeg.prefix(2))
    out += [0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xff)]
    out += app1
    out += jpeg.dropFirst(2)
    return out
}

func pixel(_ p: Picture, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * Int(p.edge) + x) * 4
    return Array(p.rgba[p.rgba.startIndex + i..<p.rgba.startIndex + i + 4])
}

func isRed(_ px: [UInt8]) -> Bool { px[0] > 200 && px[1] < 60 && px[2] < 60 }
func isBlue(_ px: [UInt8]) -> Bool { px[0] < 60 && px[1] < 60 && px[2] > 200 }

@Suite("Pictures")
struct PictureTests {
    @Test("A photo with EXIF orientation 6 comes out turned upright, then cropped square")
    func exifOrientation() throws {
        let plain = try loadPicture(bytes: try fixtureJPEG(), edge: 100)
        #expect(plain.edge == 100 && plain.rgba.count == 100 * 100 * 4)
        // As stored: the centre square is red on the left, blue on the right.
        #expect(isRed(pixel(plain, 10, 50)) && isBlue(pixel(plain, 90, 50)))
        // Orientation 6 (turn 90° clockwise to view): red on top, blue below.
        let turned = try loadPicture(bytes: withExifOrientation(try fixtureJPEG(), 6), edge: 100)
        #expect(isRed(pixel(turned, 50, 10)) && isBlue(pixel(turned, 50, 90)))
    }

    @MainActor
    @Test("Empty, truncated and foreign bytes are refused with a reason and the start screen stays")
    func badPhotos() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        let jpeg = try fixtureJPEG()
        for bad in [Data(), jpeg.prefix(jpeg.count / 2), Data("not a picture".utf8)] {
            let began = await model.choosePhoto(data: bad, size: 4)
            #expect(!began)
            #expect(model.state.phase == .start)
            #expect(model.picture == nil)
            let message = try #require(model.state.message)
            #expect(message.hasPrefix("This picture can't be used: "), "\(message)")
        }
        #expect(await model.choosePhoto(data: jpeg, size: 4))
        #expect(model.state.phase == .chooseBlank && model.state.size == 4)
        #expect(model.picture?.edge == 96)
    }

    @Test("Built-in pictures render as square thumbnails, each different")
    func builtins() async throws {
        var seen = Set<Data>()
        for b in builtinPictures() {
            let p = try #require(await PuzzleModel.renderBuiltin(id: b.id, edge: 64))
            #expect(p.edge == 64 && p.rgba.count == 64 * 64 * 4)
            #expect(!b.title.isEmpty)
            seen.insert(p.rgba)
        }
        #expect(seen.count == builtinPictures().count && seen.count >= 4)
    }

    @Test("Tile rectangles cover the picture exactly, for every size the app plays")
    func tileRects() throws {
        for size in BoardSizes.all {
            for edge: UInt32 in [96, 1000, 1024] {
                var area: UInt32 = 0
                for cell in 0..<size * size {
                    let r = try tileRect(size: UInt32(size), edge: edge, cell: UInt32(cell))
                    #expect(r.x + r.width <= edge && r.y + r.height <= edge)
                    area += r.width * r.height
                }
                #expect(area == edge * edge)
            }
        }
    }
}
