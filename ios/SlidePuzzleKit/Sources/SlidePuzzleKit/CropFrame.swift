import SlidePuzzleCore

/// The square a player chose on the crop screen, in fractions of the upright picture (as the
/// core takes it): `x`, `y` the left and top edges as fractions of the width and height, `side`
/// the side as a fraction of the shorter edge. Saved with the game.
public struct PhotoCrop: Codable, Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var side: Double

    public init(x: Double, y: Double, side: Double) {
        self.x = x
        self.y = y
        self.side = side
    }

    /// The core's record.
    var core: Crop { Crop(x: x, y: y, side: side) }

    /// Whether the square lies inside a `width`×`height` picture and has some area (what the
    /// core would otherwise refuse).
    public func fits(width: Int, height: Int) -> Bool {
        let shorter = Double(min(width, height))
        let sidePixels = side * shorter
        let slack = 1e-9
        return [x, y, side].allSatisfy(\.isFinite) && side > 0 && x >= -slack && y >= -slack
            && x * Double(width) + sidePixels <= Double(width) * (1 + slack) + slack
            && y * Double(height) + sidePixels <= Double(height) * (1 + slack) + slack
    }
}

/// The crop screen's maths: a photo of `width`×`height` upright pixels under a square frame.
/// Zoom 1 shows the photo's shorter edge across the frame (it never gets smaller: the frame is
/// always covered); pinching zooms about the fingers (the photo pixel under them stays put) up
/// to the point where the square has as many pixels as the board shows (`minimumSide`);
/// dragging pans, and the frame never leaves the photo. The frame's square is ``crop``.
public struct CropFrame: Equatable, Sendable {
    public let width: Double
    public let height: Double
    /// How many times the frame magnifies the photo beyond "shorter edge fills the frame".
    public private(set) var zoom: Double = 1
    /// The photo pixel under the frame's centre.
    public private(set) var centerX: Double
    public private(set) var centerY: Double
    /// The smallest square, in photo pixels: the board's pixels, so no tile is blown up.
    public let minimumSide: Double

    /// The centre square of a `width`×`height` photo, the square never smaller than
    /// `minimumSide` pixels (the board's pixels; all of the shorter edge for a small photo).
    public init(width: Int, height: Int, minimumSide: Double) {
        self.width = Double(max(width, 1))
        self.height = Double(max(height, 1))
        self.minimumSide = min(max(minimumSide, 1), min(self.width, self.height))
        centerX = self.width / 2
        centerY = self.height / 2
    }

    /// The frame's side in photo pixels.
    public var sidePixels: Double { min(width, height) / zoom }

    /// The largest zoom: the square is `minimumSide` pixels.
    public var maximumZoom: Double { min(width, height) / minimumSide }

    /// The square under the frame, in the core's fractions.
    public var crop: PhotoCrop {
        let side = sidePixels
        return PhotoCrop(
            x: (centerX - side / 2) / width, y: (centerY - side / 2) / height,
            side: side / min(width, height))
    }

    /// Whether this is the centre square at zoom 1 (the default the core takes without a crop).
    public var isCentreSquare: Bool {
        zoom == 1 && abs(centerX - width / 2) < 0.5 && abs(centerY - height / 2) < 0.5
    }

    /// The photo pixel under the point (`x`, `y`) of a frame `frameSide` points wide.
    public func pixel(atFrameX x: Double, y: Double, frameSide: Double) -> (x: Double, y: Double) {
        let perPoint = sidePixels / max(frameSide, 1)
        return (centerX - sidePixels / 2 + x * perPoint, centerY - sidePixels / 2 + y * perPoint)
    }

    /// Pinch by `factor` (2 = twice as close) about the point (`x`, `y`) of a frame `frameSide`
    /// points wide: the photo pixel under the fingers stays under them (unless the frame would
    /// leave the photo).
    public mutating func zoom(by factor: Double, aboutX x: Double, y: Double, frameSide: Double) {
        guard factor.isFinite, factor > 0, frameSide > 0, x.isFinite, y.isFinite else { return }
        let anchor = pixel(atFrameX: x, y: y, frameSide: frameSide)
        zoom = min(max(zoom * factor, 1), maximumZoom)
        let perPoint = sidePixels / frameSide
        centerX = anchor.x - x * perPoint + sidePixels / 2
        centerY = anchor.y - y * perPoint + sidePixels / 2
        clamp()
    }

    /// A drag of (`dx`, `dy`) points on a frame `frameSide` points wide: the photo follows the
    /// finger, so the square moves the other way.
    public mutating func pan(dx: Double, dy: Double, frameSide: Double) {
        guard frameSide > 0, dx.isFinite, dy.isFinite else { return }
        let pixelsPerPoint = sidePixels / frameSide
        centerX -= dx * pixelsPerPoint
        centerY -= dy * pixelsPerPoint
        clamp()
    }

    /// Double-tap: back to the centre square.
    public mutating func reset() {
        zoom = 1
        centerX = width / 2
        centerY = height / 2
    }

    /// VoiceOver's nudge: the square moves a tenth of its side the way the photo would scroll
    /// to show more on that side ("up" shows more of the top).
    public mutating func nudge(_ direction: TileDirection) {
        let step = sidePixels / 10
        switch direction {
        case .up: centerY -= step
        case .down: centerY += step
        case .left: centerX -= step
        case .right: centerX += step
        }
        clamp()
    }

    /// VoiceOver's zoom: a quarter closer or farther, about the centre.
    public mutating func zoomStep(in closer: Bool) {
        zoom = min(max(zoom * (closer ? 1.25 : 0.8), 1), maximumZoom)
        clamp()
    }

    /// Where the photo is drawn under a frame `frameSide` points wide whose top-left is the
    /// origin: its top-left corner and size, in points.
    public func photoRect(frameSide: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        let scale = frameSide / sidePixels
        let left = centerX - sidePixels / 2
        let top = centerY - sidePixels / 2
        return (-left * scale, -top * scale, width * scale, height * scale)
    }

    /// What VoiceOver says of the square: how much of the photo it holds and where its centre
    /// is, in percent.
    public var descriptionLine: Line {
        if isCentreSquare { return Line("crop.centre") }
        let shorter = min(width, height)
        let c = crop
        let percent = { (v: Double) in Arg.number(UInt64(max(0, (v * 100).rounded()))) }
        return Line(
            "crop.value %@ %@ %@", percent(c.side),
            percent(c.x + c.side * shorter / width / 2), percent(c.y + c.side * shorter / height / 2))
    }

    private mutating func clamp() {
        let half = sidePixels / 2
        centerX = min(max(centerX, half), width - half)
        centerY = min(max(centerY, half), height - half)
    }
}

/// How large the platform decodes a photo: the longest edge in pixels such that the chosen
/// square still has `edge` pixels, never more than the photo has and never past 4096 (a 48 MP
/// photo is never decoded whole).
public func platformDecodeEdge(width: Int, height: Int, crop: PhotoCrop?, edge: Int) -> Int {
    let longest = Double(max(width, height))
    let shortest = Double(max(min(width, height), 1))
    let side = max(crop?.side ?? 1, 0.01)
    let needed = (Double(edge) / side * longest / shortest).rounded(.up)
    return Int(min(needed, longest, 4096))
}
