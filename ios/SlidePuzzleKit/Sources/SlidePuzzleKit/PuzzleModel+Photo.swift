import Foundation
import SlidePuzzleCore

/// The photo pipeline and the crop screen: a photo is fetched and read off the main actor
/// while the start screen shows it loading (with Cancel); a second pick replaces the first, a
/// built-in waits; the crop screen opens on the whole photo once it is read; the chosen square
/// is kept as a PNG of at most 2048 pixels (never the original), so a relaunch decodes nothing
/// large.
extension PuzzleModel {
    /// The crop screen's photo: sharp enough for a tablet's frame, small enough to decode.
    nonisolated static let previewEdge = 2048
    /// The largest square kept: 16 MB of pixels, a phone's fair share.
    nonisolated static let keptEdge: UInt32 = 2048

    /// A photo from the library: `fetch` hands over its bytes (it may download from iCloud and
    /// fail). A pick while another loads replaces it.
    public func pickPhoto(fetch: @escaping @Sendable () async throws -> Data?) {
        loadPhoto { () async -> Result<Data, PhotoProblem> in
            guard let data = try? await fetch() else { return .failure(.notDownloaded) }
            return .success(data)
        }
    }

    /// The camera's photo, once its screen has closed: `encode` makes its bytes (a JPEG
    /// encode of seconds), on a thread of its own.
    public func cameraPhoto(encode: @escaping @Sendable () -> Data?) {
        loadPhoto { () async -> Result<Data, PhotoProblem> in
            guard let data = await CoreQueue.run(.waited, encode) else { return .failure(.cameraFailed) }
            return .success(data)
        }
    }

    /// No camera on this device.
    public func cameraUnavailable() {
        say(.noCamera)
    }

    /// Cancel while a photo loads: the start screen as it was.
    public func cancelPhotoLoad() {
        guard state.photoLoad != nil else { return }
        photoTask?.cancel()
        photoTask = nil
        state.photoLoad = nil
    }

    private func loadPhoto(_ obtain: @escaping @Sendable () async -> Result<Data, PhotoProblem>) {
        guard state.screen == .start else { return }
        photoTask?.cancel()
        let id = (state.photoLoad?.id ?? 0) + 1
        state.photoLoad = PhotoLoad(id: id)
        state.note = nil
        let decoder = env.photoDecoder
        let minimumSide = Double(pictureEdge)
        photoTask = Task { [weak self] in
            let obtained = await obtain()
            let read: Result<(Data, Int, Int, PhotoPreview), PhotoProblem> =
                switch obtained {
                case .failure(let p): .failure(p)
                case .success(let data):
                    await CoreQueue.run(.waited) {
                        guard !data.isEmpty else { return .failure(.empty) }
                        guard let size = PhotoPipeline.size(data, decoder: decoder),
                            let preview = PhotoPipeline.preview(data, maxEdge: Self.previewEdge, decoder: decoder)
                        else { return .failure(.unreadable) }
                        return .success((data, size.width, size.height, preview))
                    }
                }
            guard let self, self.state.photoLoad?.id == id, !Task.isCancelled else { return }
            self.state.photoLoad = nil
            switch read {
            case .failure(let problem):
                self.say(.photoFailed(problem))
            case .success(let (data, width, height, preview)):
                self.pendingPhoto = data
                self.cropPreview = preview
                self.state.cropFrame = CropFrame(width: width, height: height, minimumSide: minimumSide)
                self.state.screen = .crop
            }
        }
    }

    // MARK: The crop screen

    public func cropZoom(by factor: Double, aboutX x: Double, y: Double, frameSide: Double) {
        updateCrop { $0.zoom(by: factor, aboutX: x, y: y, frameSide: frameSide) }
    }

    public func cropPan(dx: Double, dy: Double, frameSide: Double) {
        updateCrop { $0.pan(dx: dx, dy: dy, frameSide: frameSide) }
    }

    public func cropReset() { updateCrop { $0.reset() } }

    public func cropNudge(_ direction: TileDirection) { updateCrop { $0.nudge(direction) } }

    public func cropZoomStep(in closer: Bool) { updateCrop { $0.zoomStep(in: closer) } }

    private func updateCrop(_ change: (inout CropFrame) -> Void) {
        guard state.screen == .crop, !state.preparingPicture, var frame = state.cropFrame else { return }
        change(&frame)
        state.cropFrame = frame
    }

    /// Use the square: it is cut, kept as PNG (off the main actor), and the game begins.
    public func cropUse() async {
        guard state.screen == .crop, !state.preparingPicture, let frame = state.cropFrame,
            let data = pendingPhoto
        else { return }
        let square = frame.isCentreSquare ? nil : frame.crop
        let kept = min(Self.keptEdge, UInt32(max(frame.sidePixels.rounded(.down), 16)))
        let (edge, decoder, photos) = (pictureEdge, env.photoDecoder, env.photos)
        let size = state.size
        state.preparingPicture = true
        let outcome = await CoreQueue.result(.waited) {
            try Self.keepSquare(of: data, crop: square, keptEdge: kept, edge: edge, decoder: decoder, photos: photos)
        }
        guard state.screen == .crop else { return }
        state.preparingPicture = false
        pendingPhoto = nil
        cropPreview = nil
        switch outcome {
        case .success(let (picture, name)):
            // Without a kept file the game still shows its picture; a relaunch says it is gone.
            begin(.photo(fileName: name ?? ""), picture: picture, crop: square, size: size)
        case .failure(let e):
            state.cropFrame = nil
            state.screen = .start
            say(.photoFailed((e as? PhotoProblem) ?? .unreadable))
        }
    }

    /// Cancel on the crop screen: back to the start, the photo dropped.
    public func cropCancel() {
        guard state.screen == .crop else { return }
        pendingPhoto = nil
        cropPreview = nil
        state.cropFrame = nil
        state.preparingPicture = false
        state.screen = .start
    }

    // MARK: Drawing

    /// The board is `points` wide on a screen of `scale` pixels per point: the picture is drawn
    /// again at that many pixels when it is larger, so tiles stay sharp.
    public func boardDidResize(points: Double, scale: Double) async {
        let edge = sharpPictureEdge(boardPoints: points, scale: scale)
        guard edge > pictureEdge else { return }
        pictureEdge = edge
        await redraw()
    }

    /// Draws the current picture again at ``pictureEdge`` if it is smaller.
    func redraw() async {
        guard let source = state.picture, picture != nil, drawnEdge < pictureEdge else { return }
        let gen = pictureGeneration
        let edge = pictureEdge
        guard let sharper = await draw(source, crop: state.crop, edge: edge), gen == pictureGeneration else {
            return
        }
        picture = sharper.picture
        drawnEdge = sharper.picture.edge
    }

    /// `source` drawn at `edge` pixels off the main actor: a built-in by the core; a kept
    /// square from its PNG; a first-version session's original photo cut to `crop`, its square
    /// then kept as PNG (`keptAs`) so it is never decoded whole again. Nil when the photo is
    /// gone or unreadable.
    func draw(_ source: PictureSource, crop: PhotoCrop?, edge: UInt32) async -> (picture: Picture, keptAs: String?)? {
        let (photos, decoder) = (env.photos, env.photoDecoder)
        return await CoreQueue.run(.waited) { () -> (picture: Picture, keptAs: String?)? in
            switch source {
            case .builtin(let id):
                return (try? builtinPicture(id: id, edge: edge)).map { ($0, nil) }
            case .photo(let name) where PhotoStore.isSquare(name):
                guard let png = photos?.load(name) else { return nil }
                return (try? loadPicture(bytes: png, edge: edge)).map { ($0, nil) }
            case .photo(let name):
                guard let original = photos?.load(name) else { return nil }
                return try? Self.keepSquare(
                    of: original, crop: crop, keptEdge: Self.keptEdge, edge: edge, decoder: decoder, photos: photos)
            }
        }
    }

    /// The square `crop` of `photo` kept as a PNG of `keptEdge` pixels (never the original),
    /// and the picture drawn from that PNG at `edge`; `keptAs` is nil when no file could be
    /// written (the game still shows its picture).
    nonisolated static func keepSquare(
        of photo: Data, crop: PhotoCrop?, keptEdge: UInt32, edge: UInt32, decoder: PhotoDecoder?,
        photos: PhotoStore?
    ) throws -> (picture: Picture, keptAs: String?) {
        let square = try PhotoPipeline.picture(photo, crop: crop, edge: keptEdge, decoder: decoder)
        let png = try picturePng(picture: square)
        let picture = try loadPicture(bytes: png, edge: edge)
        return (picture, try? photos?.store(png))
    }
}
