import SlidePuzzleCore
import SlidePuzzleKit
import SwiftUI

/// After the camera or the library: the whole photo, the square to play framed with a grid of
/// the chosen size's tiles and the rest dimmed, clipped to its area under the title and help.
/// Pinch zooms about the fingers (never below the board's pixels), drag pans, double-tap goes
/// back to the centre square with an animation; VoiceOver moves, zooms and resets by named
/// actions. The maths is SlidePuzzleKit's `CropFrame`, through the model.
struct CropView: View {
    let model: PuzzleModel
    /// The part of the gestures under way already handed to the model; reset by SwiftUI when a
    /// gesture ends or is cancelled, so nothing carries over to the next one.
    @GestureState private var lastMagnification = 1.0
    @GestureState private var lastTranslation = CGSize.zero
    @State private var preview: Image?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    private var state: GameState { model.state }

    var body: some View {
        VStack(spacing: 12) {
            Text(UIText.cropHelp)
                .font(.callout)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
                .padding(.horizontal)
            GeometryReader { proxy in
                let side = max(min(proxy.size.width, proxy.size.height) - 32, 1)
                let origin = CGPoint(x: (proxy.size.width - side) / 2, y: (proxy.size.height - side) / 2)
                if let frame = state.cropFrame {
                    photo(frame, side: side, origin: origin, area: proxy.size)
                        .contentShape(Rectangle())
                        .gesture(pinch(side: side, origin: origin).simultaneously(with: pan(side: side)))
                        .onTapGesture(count: 2) {
                            withAnimation(reduceMotion ? nil : .spring(duration: 0.35)) { model.cropReset() }
                        }
                }
            }
            .clipped()
        }
        .overlay {
            if state.preparingPicture {
                VStack(spacing: 12) {
                    ProgressView()
                    Text(UIText.cropPreparing)
                }
                .padding()
                .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 14))
            }
        }
        .navigationTitle(Text(UIText.cropTitle))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button {
                    model.cropCancel()
                } label: {
                    Text(UIText.cancel)
                }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button {
                    Task { await model.cropUse() }
                } label: {
                    Text(UIText.cropUse)
                }
                .disabled(state.preparingPicture)
            }
        }
        .task(id: model.cropPreview?.width) {
            preview = model.cropPreview.flatMap {
                PictureImage.cgImage(width: Int($0.width), height: Int($0.height), rgba: $0.rgba)
            }.map { Image(decorative: $0, scale: 1) }
        }
    }

    /// The photo under the frame, the outside dimmed, the square and its tile grid drawn.
    private func photo(_ frame: CropFrame, side: Double, origin: CGPoint, area: CGSize) -> some View {
        let rect = frame.photoRect(frameSide: side)
        let n = state.size
        return ZStack(alignment: .topLeading) {
            Color.black
            preview?
                .resizable()
                .frame(width: rect.width, height: rect.height)
                .offset(x: origin.x + rect.x, y: origin.y + rect.y)
                .accessibilityHidden(true)
            Path { path in
                path.addRect(CGRect(origin: .zero, size: area))
                path.addRect(CGRect(origin: origin, size: CGSize(width: side, height: side)))
            }
            .fill(Color.black.opacity(0.55), style: FillStyle(eoFill: true))
            .allowsHitTesting(false)
            Path { path in
                for i in 1..<n {
                    let at = side * Double(i) / Double(n)
                    path.move(to: CGPoint(x: origin.x + at, y: origin.y))
                    path.addLine(to: CGPoint(x: origin.x + at, y: origin.y + side))
                    path.move(to: CGPoint(x: origin.x, y: origin.y + at))
                    path.addLine(to: CGPoint(x: origin.x + side, y: origin.y + at))
                }
            }
            .stroke(Color.white.opacity(0.45), lineWidth: 1)
            .allowsHitTesting(false)
            Rectangle()
                .stroke(Color.white, lineWidth: 2)
                .frame(width: side, height: side)
                .offset(x: origin.x, y: origin.y)
                .accessibilityElement()
                .accessibilityLabel(Text(UIText.cropSquare))
                .accessibilityValue(Text(frame.descriptionLine))
                .accessibilityAction(named: Text(UIText.cropZoomIn)) { model.cropZoomStep(in: true) }
                .accessibilityAction(named: Text(UIText.cropZoomOut)) { model.cropZoomStep(in: false) }
                .accessibilityAction(named: Text(UIText.cropMove(.up))) { model.cropNudge(.up) }
                .accessibilityAction(named: Text(UIText.cropMove(.down))) { model.cropNudge(.down) }
                .accessibilityAction(named: Text(UIText.cropMove(.left))) { model.cropNudge(.left) }
                .accessibilityAction(named: Text(UIText.cropMove(.right))) { model.cropNudge(.right) }
                .accessibilityAction(named: Text(UIText.cropReset)) { model.cropReset() }
        }
    }

    /// Pinch: each change zooms by its step about where the fingers first met the frame.
    private func pinch(side: Double, origin: CGPoint) -> some Gesture {
        MagnifyGesture()
            .updating($lastMagnification) { value, last, _ in
                let step = value.magnification / last
                last = value.magnification
                model.cropZoom(
                    by: step, aboutX: value.startLocation.x - origin.x, y: value.startLocation.y - origin.y,
                    frameSide: side)
            }
    }

    /// Drag: the photo follows the finger.
    private func pan(side: Double) -> some Gesture {
        DragGesture()
            .updating($lastTranslation) { value, last, _ in
                let (dx, dy) = (value.translation.width - last.width, value.translation.height - last.height)
                last = value.translation
                model.cropPan(dx: dx, dy: dy, frameSide: side)
            }
    }
}
