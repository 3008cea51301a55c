/// Where the game screen puts its parts in the safe area it gets, as plain numbers: the stats
/// line, the board, a reserved one-line status slot and one row of controls (icon over
/// caption). The board takes what the others leave; in landscape (wider than tall) the board
/// sits beside a panel that holds the rest. Text grows with Dynamic Type (`textScale`, 1 at the
/// default size, about 3.1 at the largest accessibility size); where captions would crowd the
/// row or take too much height the row shows icons alone (VoiceOver still reads the names,
/// and a long press shows the large content viewer). The controls never leave the screen and
/// never take the board below half the height.
public struct GameLayout: Equatable, Sendable {
    /// A part's place: origin top-left, in points, in the safe area.
    public struct Frame: Equatable, Sendable {
        public var x, y, width, height: Double

        public var maxX: Double { x + width }
        public var maxY: Double { y + height }
    }

    public static let margin = 16.0
    public static let gap = 8.0
    /// Apple's smallest touch target.
    public static let minimumTarget = 44.0
    /// The most controls a row holds (playing: Shuffle, Hint, Undo, Redo, Auto, Peek).
    public static let maximumControls = 6

    public let sideBySide: Bool
    public let board: Frame
    public let stats: Frame
    public let status: Frame
    public let controls: Frame
    /// Captions under the icons.
    public let showsCaptions: Bool

    public var boardSide: Double { board.width }

    /// Dynamic Type's sizes, smallest first (xSmall … accessibility5), as the body style's size
    /// over its default.
    public static let textScales: [Double] = [0.82, 0.88, 0.94, 1, 1.12, 1.24, 1.35, 1.65, 1.94, 2.35, 2.76, 3.12]

    /// The text scale of Dynamic Type's size at `step` (0 = xSmall).
    public static func textScale(step: Int) -> Double {
        textScales[min(max(step, 0), textScales.count - 1)]
    }

    /// One control's width in the row.
    public var controlWidth: Double { controls.width / Double(Self.maximumControls) }

    public init(width: Double, height: Double, textScale: Double = 1) {
        let m = Self.margin
        let scale = max(textScale, 0.8)
        let statsHeight = max(22 * scale, Self.minimumTarget / 2) + 4
        let statusHeight = 20 * scale + 8
        let iconRow = 28.0 + 16
        let captionRow = 14 * scale
        sideBySide = width > height
        // Beside the board, the panel holds a row of six 44-point targets at least.
        let panel = max(Double(Self.maximumControls) * Self.minimumTarget, width * 0.38)
        let across = sideBySide ? panel : width - 2 * m
        // Captions while each fits under its icon (about 7 letters of footnote text) and the
        // row does not crowd the board.
        let captionFits = across / Double(Self.maximumControls) >= 7 * 6.2 * scale
        var captions = captionFits && scale <= 1.6
        func rowHeight(_ captions: Bool) -> Double {
            max(Self.minimumTarget, iconRow + (captions ? captionRow : 0))
        }
        if sideBySide {
            let side = max(min(height - 2 * m, width - across - 3 * m), 0)
            board = Frame(x: m, y: (height - side) / 2, width: side, height: side)
            let panelX = board.maxX + m
            let panelWidth = max(width - panelX - m, across)
            let top = m
            stats = Frame(x: panelX, y: top, width: panelWidth, height: statsHeight)
            status = Frame(x: panelX, y: stats.maxY + Self.gap, width: panelWidth, height: statusHeight)
            if status.maxY + Self.gap + rowHeight(captions) > height - m { captions = false }
            let row = rowHeight(captions)
            controls = Frame(
                x: panelX, y: max(height - m - row, status.maxY + Self.gap), width: panelWidth, height: row)
        } else {
            if statsHeight + statusHeight + rowHeight(captions) + 3 * Self.gap + 2 * m > height / 2 {
                captions = false
            }
            let row = rowHeight(captions)
            let reserved = statsHeight + statusHeight + row + 3 * Self.gap + 2 * m
            let side = max(min(width - 2 * m, height - reserved), 0)
            let top = m
            stats = Frame(x: m, y: top, width: width - 2 * m, height: statsHeight)
            board = Frame(x: (width - side) / 2, y: stats.maxY + Self.gap, width: side, height: side)
            status = Frame(x: m, y: board.maxY + Self.gap, width: width - 2 * m, height: statusHeight)
            controls = Frame(x: m, y: status.maxY + Self.gap, width: width - 2 * m, height: row)
        }
        showsCaptions = captions
    }
}
