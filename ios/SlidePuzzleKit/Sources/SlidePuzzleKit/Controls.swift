/// A button of the game screen's one row of controls.
public enum Control: String, CaseIterable, Sendable {
    case shuffle, hint, undo, redo, auto, peek
    /// Cancel a shuffle or Auto's search.
    case cancel
    case pause, resume
    /// Stop Auto's playback: the board is the player's again.
    case stop
    case playAgain

    /// The SF Symbol drawn over its caption.
    public var symbol: String {
        switch self {
        case .shuffle: "shuffle"
        case .hint: "lightbulb"
        case .undo: "arrow.uturn.backward"
        case .redo: "arrow.uturn.forward"
        case .auto: "wand.and.stars"
        case .peek: "eye"
        case .cancel: "xmark"
        case .pause: "pause.fill"
        case .resume: "play.fill"
        case .stop: "stop.fill"
        case .playAgain: "arrow.clockwise"
        }
    }

    /// The one the eye goes to first in its row (drawn prominent).
    public var isPrimary: Bool {
        self == .shuffle || self == .playAgain || self == .resume
    }
}

/// A control as the row shows it.
public struct ControlItem: Equatable, Sendable {
    public var control: Control
    public var enabled: Bool
}

extension GameState {
    /// Which controls show now, as data: ready: Shuffle; shuffling or searching: Cancel; playing
    /// back: Pause or Resume, and Stop; won: Play again; playing: Shuffle, Hint, Undo, Redo,
    /// Auto, Peek. Choosing the empty space shows none (the board is the control).
    public var controls: [ControlItem] {
        guard screen == .game else { return [] }
        let on = { (c: Control) in ControlItem(control: c, enabled: true) }
        switch phase {
        case .chooseBlank:
            return []
        case .ready:
            return [on(.shuffle)]
        case .shuffling, .solving:
            return [on(.cancel)]
        case .animating:
            return [on(playback?.paused == true ? .resume : .pause), on(.stop)]
        case .won:
            return [on(.playAgain)]
        case .playing:
            return [
                on(.shuffle),
                ControlItem(control: .hint, enabled: !solved),
                ControlItem(control: .undo, enabled: canUndo),
                ControlItem(control: .redo, enabled: canRedo),
                ControlItem(control: .auto, enabled: canAuto),
                ControlItem(control: .peek, enabled: hasPicture),
            ]
        }
    }
}
