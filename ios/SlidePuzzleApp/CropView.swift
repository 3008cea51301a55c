import SlidePuzzleKit
import SwiftUI
import UIKit

/// A photo the player picked, waiting for its square: the bytes for the core, a preview drawn
/// at screen size, and the upright size the crop's fractions refer to.
struct PendingPhoto: Identifiable {
    let id = UUID()
    let data: Data
    let preview: UIImage
    let width: Int
    let height: Int
}

/// After the camera or the library: the photo fills the screen under a square frame. Pinch
/// zooms (never smaller than the frame), drag pans (the frame always stays covered), double-tap
/// resets to the centre square; Use and Cancel. VoiceOver can use the centre square and nudge
/// or zoom the frame. The maths is SlidePuzzleKit's `CropFrame`.
struct CropView: View {
    let photo: PendingPhoto
    let use: (PhotoCrop?) -> Void
    let cancel: () -> Void

    @State private var frame: CropFrame
    /// The gestures under way, applied on top of `frame` until they end.
    @State private var pinch: Double = 1
    @State private var drag: CGSize = .zero

    init(photo: PendingPhoto, use: @escaping (PhotoCrop?) -> Void, cancel: @escaping () -> Void) {
        self.photo = photo
        self.use = use
        self.cancel = cancel
        _frame = State(initialValue: CropFrame(width: photo.width, height: photo.height))
    }

    var body: some View {
        NavigationStack {
            GeometryReader { proxy in
                let side = max(min(proxy.size.width, proxy.size.height) - 32, 1)
                let live = liveFrame(side: side)
                let rect = live.photoRect(frameSide: side)
                let origin = CGPoint(
                    x: (proxy.size.width - side) / 2, y: (proxy.size.height - side) / 2)
                ZStack(alignment: .topLeading) {
                    Color.black
                    Image(uiImage: photo.preview)
                        .resizable()
                        .frame(width: rect.width, height: rect.height)
                        .offset(x: origin.x + rect.x, y: origin.y + rect.y)
                        .accessibilityHidden(true)
                    // The world outside the square, dimmed; the square outlined.
                    Path { path in
                        path.addRect(CGRect(origin: .zero, size: proxy.size))
                        path.addRect(CGRect(origin: origin, size: CGSize(width: side, height: side)))
                    }
                    .fill(Color.black.opacity(0.55), style: FillStyle(eoFill: true))
                    .allowsHitTesting(false)
                    Rectangle()
                        .stroke(Color.white, lineWidth: 2)
                        .frame(width: side, height: side)
                        .offset(x: origin.x, y: origin.y)
                        .accessibilityElement()
                        .accessibilityLabel("The square of the photo to play")
                        .accessibilityValue(description(live))
                        .accessibilityAction(named: "Use the centre square") { use(nil) }
                        .accessibilityAction(named: "Move up") { frame.nudge(.up) }
                        .accessibilityAction(named: "Move down") { frame.nudge(.down) }
                        .accessibilityAction(named: "Move left") { frame.nudge(.left) }
                        .accessibilityAction(named: "Move right") { frame.nudge(.right) }
                        .accessibilityAction(named: "Zoom in") { frame.zoom(by: 1.25) }
                        .accessibilityAction(named: "Zoom out") { frame.zoom(by: 0.8) }
                }
                .contentShape(Rectangle())
                .gesture(
                    MagnifyGesture()
                        .onChanged { pinch = $0.magnification }
                        .onEnded { value in
                            frame.zoom(by: value.magnification)
                            pinch = 1
                        }
                        .simultaneously(
                            with: DragGesture()
                                .onChanged { drag = $0.translation }
                                .onEnded { value in
                                    frame.pan(
                                        dx: value.translation.width, dy: value.translation.height,
                                        frameSide: side)
                                    drag = .zero
                                })
                )
                .onTapGesture(count: 2) { frame.reset() }
            }
            .ignoresSafeArea(edges: .bottom)
            .navigationTitle("Choose the square")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel", action: cancel)
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Use") { use(frame.isCentreSquare ? nil : frame.crop) }
                }
            }
        }
    }

    /// `frame` with the gestures under way applied.
    private func liveFrame(side: Double) -> CropFrame {
        var live = frame
        live.zoom(by: pinch)
        live.pan(dx: drag.width, dy: drag.height, frameSide: side)
        return live
    }

    /// What VoiceOver says of the square: how much of the photo it holds and where its centre is.
    private func description(_ frame: CropFrame) -> String {
        if frame.isCentreSquare { return "The centre square" }
        let crop = frame.crop
        let shorter = min(frame.width, frame.height)
        let across = crop.x + crop.side * shorter / frame.width / 2
        let down = crop.y + crop.side * shorter / frame.height / 2
        let percent = { (v: Double) in Int((v * 100).rounded()) }
        return
            "\(percent(crop.side)) percent of the photo's shorter side, centred \(percent(across)) percent across and \(percent(down)) percent down"
    }
}
