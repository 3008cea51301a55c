import SlidePuzzleKit
import SwiftUI

/// The one row of controls the model's state lists for its phase, each an icon over its caption
/// (the icon alone where the layout says captions do not fit; VoiceOver reads the name, and a
/// long press shows it large). While Auto searches or plays, a labelled progress leads the row.
/// Peek shows the picture while held, and for VoiceOver and Switch Control for a moment.
struct ControlsBar: View {
    let model: PuzzleModel
    let showsCaptions: Bool
    /// The picture shows because a finger holds Peek (its release ends it; no brief peek).
    @State private var heldPeek = false

    var body: some View {
        let state = model.state
        HStack(spacing: 0) {
            if state.phase == .solving {
                ProgressView()
                    .frame(maxWidth: .infinity)
                    .accessibilityLabel(Text(UIText.searching))
            } else if state.phase == .animating, let p = state.playback {
                ProgressView(value: Double(p.played), total: Double(max(p.total, 1)))
                    .frame(maxWidth: .infinity)
                    .padding(.horizontal, 8)
                    .accessibilityLabel(Text(UIText.playing(p)))
            }
            ForEach(state.controls, id: \.control) { item in
                button(item)
            }
        }
    }

    private func button(_ item: ControlItem) -> some View {
        let caption = Lines.control(item.control)
        return Button {
            if item.control == .peek && heldPeek {
                heldPeek = false
                model.peek(on: false)
            } else {
                model.perform(item.control)
            }
        } label: {
            VStack(spacing: 2) {
                Image(systemName: item.control.symbol)
                    .font(.title3)
                    .imageScale(.medium)
                if showsCaptions {
                    Text(caption)
                        .font(.caption2)
                        .lineLimit(1)
                        .minimumScaleFactor(0.7)
                }
            }
            .frame(maxWidth: .infinity, minHeight: 44)
            .contentShape(Rectangle())
        }
        .buttonStyle(
            PressReporting { down in
                guard item.control == .peek else { return }
                if down {
                    heldPeek = true
                    model.peek(on: true)
                } else {
                    model.peek(on: false)
                }
            }
        )
        .foregroundStyle(item.control.isPrimary ? Color.accentColor : Color.primary)
        .disabled(!item.enabled)
        .accessibilityLabel(Text(caption))
        .accessibilityHint(Lines.controlHint(item.control).map { Text($0) } ?? Text(verbatim: ""))
        .accessibilityShowsLargeContentViewer {
            Label {
                Text(caption)
            } icon: {
                Image(systemName: item.control.symbol)
            }
        }
    }
}

/// A plain button that says when a finger goes down on it and lifts (a VoiceOver activation
/// presses nothing: the action alone runs).
private struct PressReporting: ButtonStyle {
    let pressed: (Bool) -> Void

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .opacity(configuration.isPressed ? 0.5 : 1)
            .onChange(of: configuration.isPressed) { _, down in pressed(down) }
    }
}
