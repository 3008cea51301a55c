import Foundation
import SlidePuzzleCore

/// A line the player reads: a key of the app's String Catalog (`Localizable.xcstrings`) and its
/// arguments. The model never holds English; the app words a line through its bundle
/// (``Wording``), the tests through the catalog file itself.
public struct Line: Hashable, Sendable {
    public let key: String
    public let args: [Arg]

    public init(_ key: String, _ args: Arg...) {
        self.key = key
        self.args = args
    }

    init(key: String, args: [Arg]) {
        self.key = key
        self.args = args
    }
}

/// An argument of a ``Line``.
public enum Arg: Hashable, Sendable {
    /// A count the catalog chooses a plural form by (`%lld`): at most one per line.
    case count(Int)
    /// A number written with the locale's grouping ("149,734", "149.734"): `%@`.
    case number(UInt64)
    /// Text as it is (a tile number, a size): `%@`.
    case text(String)
    /// Another line, worded first: `%@`.
    case line(Line)
    /// A search's time: "19 ms", "1.2 s" ("1,2 s"), "12 s": `%@`.
    case duration(ms: UInt64)
    /// Play time: "0:42", "1:02:03": `%@`.
    case clock(ms: UInt64)
}

/// Turns a ``Line`` into words: `format` gives the catalog's format for a line (the app: its
/// bundle's localized string, whose plural forms Foundation picks by the count), the arguments
/// are written for `locale`.
public struct Wording: Sendable {
    public let locale: Locale
    public let format: @Sendable (Line) -> String

    public init(locale: Locale, format: @escaping @Sendable (Line) -> String) {
        self.locale = locale
        self.format = format
    }

    public func callAsFunction(_ line: Line) -> String {
        let args: [any CVarArg] = line.args.map { arg -> any CVarArg in
            switch arg {
            case .count(let n): n
            case .number(let n): Lines.grouped(n, locale: locale)
            case .text(let s): s
            case .line(let l): self(l)
            case .duration(let ms): Lines.duration(ms: ms, locale: locale)
            case .clock(let ms): Lines.clock(ms: ms)
            }
        }
        return String(format: format(line), locale: locale, arguments: args)
    }
}

/// Every line the app shows, by what it says: the one table from the model's values to catalog
/// keys (a test checks each key against the catalog).
public enum Lines {
    // MARK: Numbers

    /// "149,734" (English), "149.734" (German).
    public static func grouped(_ n: UInt64, locale: Locale) -> String {
        let f = NumberFormatter()
        f.locale = locale
        f.numberStyle = .decimal
        return f.string(from: NSNumber(value: n)) ?? String(n)
    }

    /// "19 ms", "1.2 s" ("1,2 s" in German), "12 s".
    public static func duration(ms: UInt64, locale: Locale) -> String {
        if ms < 1000 { return "\(grouped(ms, locale: locale)) ms" }
        if ms < 10_000 {
            let f = NumberFormatter()
            f.locale = locale
            f.minimumFractionDigits = 1
            f.maximumFractionDigits = 1
            return "\(f.string(from: NSNumber(value: Double(ms) / 1000)) ?? "") s"
        }
        return "\(grouped((ms + 500) / 1000, locale: locale)) s"
    }

    /// Play time as "0:42" or "1:02:03".
    public static func clock(ms: UInt64) -> String {
        let s = ms / 1000
        let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60)
        let two = { (v: UInt64) in v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(m):\(two(sec))"
    }

    // MARK: Names

    /// "4×4".
    public static func board(_ size: Int) -> Line { Line("board %@", .text(String(size))) }

    /// A built-in picture's name, or "Your photo".
    public static func picture(_ id: String) -> Line {
        switch id {
        case "sunset", "aurora", "mandala", "bauhaus": Line("picture.\(id)")
        case "photo": Line("picture.photo")
        default: Line("picture.other %@", .text(id))
        }
    }

    public static func direction(_ d: TileDirection) -> Line { Line("direction.\(d.word)") }

    public static func control(_ c: Control) -> Line { Line("control.\(c.rawValue)") }

    /// What VoiceOver says a control does, where its caption alone does not.
    public static func controlHint(_ c: Control) -> Line? {
        switch c {
        case .peek: Line("control.peek.hint")
        case .hint: Line("control.hint.hint")
        case .auto: Line("control.auto.hint")
        default: nil
        }
    }

    // MARK: Notes

    /// The line of `note`.
    public static func note(_ note: Note) -> Line {
        switch note {
        case .chooseBlank: Line("note.choose-blank")
        case .nowShuffle: Line("note.now-shuffle")
        case .tapShuffle: Line("note.tap-shuffle")
        case .notInLine(let tile?): Line("note.not-in-line %@", .text(String(tile)))
        case .notInLine(nil): Line("note.not-in-line.piece")
        case .shuffling: Line("note.shuffling")
        case .preparingShuffle: Line("note.preparing-shuffle")
        case .shuffleCancelled: Line("note.shuffle-cancelled")
        case .levelNotOffered(let level, let size):
            Line("note.level-not-offered %@ %@", .line(difficultyName(level)), .line(board(size)))
        case .searching(0): Line("note.searching")
        case .searching(let positions): Line("note.searching-positions %@", .number(positions))
        case .preparingDatabases: Line("note.preparing-databases")
        case .autoStarted: Line("note.auto-started")
        case .autoFound(let moves): Line("note.auto-found %@", .line(movesIn(moves)))
        case .autoPaused: Line("note.auto-paused")
        case .autoStopped: Line("note.auto-stopped")
        case .playbackBroke: Line("note.playback-broke")
        case .hint(let hint, true):
            Line("note.hint %@ %@", .text(String(hint.tile)), .line(direction(hint.direction)))
        case .hint(let hint, false): Line("note.hint.piece %@", .line(direction(hint.direction)))
        case .patternDatabasesTooSmall(let size): Line("note.pdb-too-small %@", .line(board(size)))
        case .solveFailed(let problem, let choice, let size): solveFailure(problem, choice: choice, size: size)
        case .hintFailed(let problem):
            problem == .time ? Line("note.hint-failed.time") : Line("note.hint-failed")
        case .photoFailed(let problem): Line("photo.\(problem.rawValue)")
        case .photoMissing: Line("note.photo-missing")
        case .restoreFailed: Line("note.restore-failed")
        case .recordsKeptAside: Line("note.records-kept-aside")
        case .recordsUnavailable: Line("note.records-unavailable")
        case .noCamera: Line("note.no-camera")
        case .moved(let tiles?, let d) where tiles.count == 1:
            Line("note.moved %@ %@", .text(String(tiles[0])), .line(direction(d)))
        case .moved(let tiles?, let d):
            Line("note.moved-many %@ %@", .line(list(tiles.map(String.init))), .line(direction(d)))
        case .moved(nil, let d): Line("note.moved.piece %@", .line(direction(d)))
        case .won(let moves, let ms): Line("note.won %@ %@", .line(movesIn(moves)), .clock(ms: ms))
        case .wonByAuto(let moves): Line("note.won-by-auto %@", .line(movesIn(moves)))
        }
    }

    /// What VoiceOver says for `note` (a hint says "Hint:" first).
    public static func spoken(_ note: Note) -> Line {
        if case .hint = note { return Line("note.hint.spoken %@", .line(Lines.note(note))) }
        return Lines.note(note)
    }

    /// "3, 6 and 7" in the player's language (two items or more).
    static func list(_ items: [String]) -> Line {
        Line("list.and %@ %@", .text(items.dropLast().joined(separator: ", ")), .text(items.last ?? ""))
    }

    /// Why Auto stopped without a path, with what to try instead.
    static func solveFailure(_ problem: Problem, choice: AlgorithmChoice, size: Int) -> Line {
        let method = Arg.line(algorithmName(choice))
        let board = Arg.line(board(size))
        return switch problem {
        case .memory:
            Line("fail.memory %@ %@ %@", method, .text("\(PuzzleEnvironment.memoryBudgetBytes >> 20) MB"), board)
        case .time: Line("fail.time %@ %@ %@", method, .duration(ms: PuzzleEnvironment.solveBudgetMs), board)
        case .nodes: Line("fail.nodes %@ %@", method, board)
        case .cancelled: Line("note.auto-stopped")
        case .unsupported: Line("fail.unsupported %@ %@", method, board)
        case .databases: Line("fail.databases %@", board)
        case .other: Line("fail.other")
        }
    }

    // MARK: The status slot, stats and the win

    /// The reserved status line: the note, else Auto's place in its playback.
    public static func status(_ s: GameState) -> Line? {
        if let note = s.note { return Lines.note(note) }
        if s.phase == .animating, let p = s.playback {
            let place = Line("status.move %@ %@", .number(UInt64(p.played)), .number(UInt64(p.total)))
            return p.paused ? Line("status.paused %@", .line(place)) : place
        }
        return nil
    }

    /// "42 moves" (German "42 Züge").
    public static func moves(_ n: Int) -> Line { Line("moves %lld", .count(n)) }

    /// "42 moves" after "in" or "with" (German "42 Zügen").
    public static func movesIn(_ n: Int) -> Line { Line("moves.in %lld", .count(n)) }

    /// The fewest possible, in the stats: "Fewest possible: 42", or "…" while searched.
    public static func fewest(_ s: GameState) -> Line? {
        if let f = s.fewest, f.proven { return Line("stats.fewest %@", .number(UInt64(f.moves))) }
        return s.findingFewest && s.phase == .playing ? Line("stats.fewest-searching") : nil
    }

    /// The win banner's lines: what the game took, the fewest possible, what improved, peeks.
    public static func win(_ w: WinSummary, size: Int, picture: String) -> [Line] {
        var lines: [Line] = []
        if w.byAuto {
            lines.append(Line("win.by-auto %@", .line(movesIn(w.moves))))
        } else {
            lines.append(Line("win.by-hand %@ %@", .line(movesIn(w.moves)), .clock(ms: w.elapsedMs)))
        }
        if let f = w.fewest, f.proven {
            let matched = !w.byAuto && w.moves <= f.moves
            lines.append(Line(matched ? "win.fewest-matched %@" : "win.fewest %@", .number(UInt64(f.moves))))
        } else if w.findingFewest {
            lines.append(Line("win.fewest-finding"))
        } else if !w.byAuto {
            lines.append(Line("win.fewest-unknown"))
        }
        let name = Arg.line(board(size))
        let pictureName = Arg.line(Lines.picture(picture))
        if w.helped {
            lines.append(Line("win.helped"))
        } else {
            switch w.movesChange {
            case .better(let was)?:
                lines.append(
                    Line("win.best-moves %@ %@ %@ %@", name, pictureName, .number(UInt64(w.moves)), .number(was)))
            case .first?:
                lines.append(Line("win.first %@ %@", name, pictureName))
            default: break
            }
            if case .better(let was)? = w.timeChange {
                lines.append(
                    Line("win.best-time %@ %@ %@ %@", name, pictureName, .clock(ms: w.elapsedMs), .clock(ms: was)))
            }
        }
        if !w.byAuto {
            lines.append(
                w.peeks == 0 ? Line("win.no-peek") : Line("win.peeks %@", .line(Line("peeks %lld", .count(w.peeks)))))
        }
        return lines
    }

    /// The start screen's line of the chosen size's best: "Fewest 48 moves · Fastest 1:12".
    public static func sizeBest(_ s: GameState) -> Line {
        guard let best = s.bestOfSize else { return Line("start.no-best %@", .line(board(s.size))) }
        return Line("start.best %@ %@", .line(moves(best.fewest)), .clock(ms: best.fastestMs))
    }

    // MARK: Auto's solve

    /// "Solved in 42 moves — the fewest possible", or what was found and the bound.
    public static func solve(_ r: SolveReport) -> Line {
        if r.optimal { return Line("solve.optimal %@", .line(movesIn(r.moves.count))) }
        return Line(
            "solve.bound %@ %@ %@", .line(movesIn(r.moves.count)), .duration(ms: r.elapsedMs),
            .number(UInt64(r.lowerBound)))
    }

    /// The details one tap away from the solve line; no internal names.
    public static func details(_ r: SolveReport) -> [Line] {
        var lines = [Line("details.method %@", .line(method(r.method)))]
        if r.choice == .auto { lines.append(Line("details.auto-chose")) }
        lines.append(
            r.optimal ? Line("details.proven") : Line("details.bound %@", .number(UInt64(r.lowerBound))))
        lines.append(Line("details.positions %@", .number(r.positions)))
        lines.append(Line("details.time %@", .duration(ms: r.elapsedMs)))
        return lines
    }

    /// A player's name for the core's method id ("auto:idastar+pdb" → "Auto chose IDA* with
    /// pattern databases").
    public static func method(_ id: String) -> Line {
        if id.hasPrefix("auto:") {
            return Line("method.auto-chose %@", .line(method(String(id.dropFirst("auto:".count)))))
        }
        let parts = id.split(separator: "+", maxSplits: 1).map(String.init)
        let known = ["bfs", "bibfs", "astar", "idastar", "pdb", "beam", "reduction"]
        let search = known.contains(parts[0]) ? Line("method.\(parts[0])") : Line("method.other")
        guard parts.count == 2 else { return search }
        let pieces = parts[1].split(separator: "×", maxSplits: 1).map(String.init)
        let estimates = ["lc", "manhattan", "pdb", "zero"]
        let estimate = estimates.contains(pieces[0]) ? Line("estimate.\(pieces[0])") : Line("estimate.other")
        let with = Line("method.with %@ %@", .line(search), .line(estimate))
        guard pieces.count == 2 else { return with }
        if parts[0] == "beam", let kept = UInt64(pieces[1]) {
            return Line("method.beam-width %@ %@", .line(with), .number(kept))
        }
        return Line("method.weighted %@ %@", .line(with), .text(pieces[1]))
    }

    // MARK: Settings

    public static func algorithmName(_ c: AlgorithmChoice) -> Line { Line("algorithm.\(c.rawValue)") }
    public static func algorithmExplanation(_ c: AlgorithmChoice) -> Line {
        Line("algorithm.\(c.rawValue).explanation")
    }
    public static func difficultyName(_ d: Difficulty) -> Line { Line("difficulty.\(d.rawValue)") }
    public static func difficultyTitle(_ d: Difficulty) -> Line {
        guard let distance = d.distance else { return difficultyName(d) }
        return Line("difficulty.title %@ %@", .line(difficultyName(d)), .line(moves(distance)))
    }
    public static func speedName(_ s: PlaybackSpeed) -> Line { Line("speed.\(s.rawValue)") }

    /// The shuffle section's footer for a `size`×`size` board.
    public static func shuffleFooter(_ d: Difficulty, size: Int) -> Line {
        d.isOffered(onSize: size)
            ? Line("settings.shuffle.footer") : Line("settings.shuffle.footer.random %@", .line(board(size)))
    }

    // MARK: Confirmations

    public static func confirmationTitle(_ c: Confirmation) -> Line {
        switch c {
        case .leave: Line("confirm.leave.title")
        case .shuffle: Line("confirm.shuffle.title")
        case .size(let n, _): Line("confirm.size.title %@", .line(board(n)))
        }
    }

    public static func confirmationAction(_ c: Confirmation) -> Line {
        switch c {
        case .leave: Line("confirm.leave")
        case .shuffle: Line("control.shuffle")
        case .size(let n, _): Line("confirm.size %@", .line(board(n)))
        }
    }

    public static func confirmationMessage(_ c: Confirmation) -> Line {
        let moves: Int =
            switch c {
            case .leave(let m), .shuffle(let m), .size(_, let m): m
            }
        return Line("confirm.lost %lld", .count(moves))
    }

    // MARK: VoiceOver

    /// VoiceOver's label of `cell`: "Tile 7, row 2, column 3; can move", or the piece's place
    /// where numbers do not show.
    public static func cell(_ s: GameState, cell: Int) -> Line {
        let row = Arg.number(UInt64(cell / max(s.size, 1) + 1))
        let column = Arg.number(UInt64(cell % max(s.size, 1) + 1))
        if s.tiles.isEmpty { return Line("cell.choose %@ %@", row, column) }
        let tile = s.tiles.indices.contains(cell) ? s.tiles[cell] : 0
        if tile == 0 { return Line("cell.empty %@ %@", row, column) }
        let movable = s.canPlay && s.movable.contains(cell)
        if s.showsNumbers {
            return Line(movable ? "cell.tile.movable %@ %@ %@" : "cell.tile %@ %@ %@", .text(String(tile)), row, column)
        }
        return Line(movable ? "cell.piece.movable %@ %@" : "cell.piece %@ %@", row, column)
    }

    /// The named action that slides the tile at `cell`: "Slide tile 7 left", nil when it
    /// cannot move.
    public static func slideAction(_ s: GameState, cell: Int) -> Line? {
        guard s.canPlay, let blank = s.blankCell, s.movable.contains(cell), cell != blank,
            let drag = BoardDrag(startCell: cell, tiles: s.tiles, size: s.size)
        else { return nil }
        if s.showsNumbers {
            return Line("action.slide %@ %@", .text(String(s.tiles[cell])), .line(direction(drag.direction)))
        }
        return Line("action.slide.piece %@", .line(direction(drag.direction)))
    }
}

/// The fixed words of the screens (titles, buttons, labels): every text a view shows comes
/// from here or from ``Lines``, never from a literal in the view.
public enum UIText {
    public static let appTitle = Line("app.title")
    public static let cancel = Line("common.cancel")
    public static let done = Line("common.done")

    // Start
    public static let boardSize = Line("start.board-size")
    public static let biggerBoards = Line("start.bigger")
    public static let takePhoto = Line("start.take-photo")
    public static let choosePhoto = Line("start.choose-photo")
    public static let gettingPhoto = Line("start.getting-photo")
    public static let builtins = Line("start.builtins")
    public static let records = Line("start.records")
    public static func play(picture id: String) -> Line { Line("start.play-picture %@", .line(Lines.picture(id))) }

    // Crop
    public static let cropTitle = Line("crop.title")
    public static let cropHelp = Line("crop.help")
    public static let cropUse = Line("crop.use")
    public static let cropPreparing = Line("crop.preparing")
    public static let cropSquare = Line("crop.square")
    public static let cropZoomIn = Line("crop.zoom-in")
    public static let cropZoomOut = Line("crop.zoom-out")
    public static let cropReset = Line("crop.reset")
    public static func cropMove(_ d: TileDirection) -> Line { Line("crop.move-\(d.word)") }

    // Game
    public static let pictures = Line("game.pictures")
    public static let settings = Line("game.settings")
    public static let board = Line("board.label")
    public static let solved = Line("win.title")
    public static let detailsHint = Line("solve.details-hint")
    public static let detailsTitle = Line("details.title")
    public static let searching = Line("progress.searching")
    public static func time(ms: UInt64) -> Line { Line("stats.time %@", .clock(ms: ms)) }
    public static func playing(_ p: Playback) -> Line {
        Line("progress.playing %@ %@", .number(UInt64(p.played)), .number(UInt64(p.total)))
    }
    public static let keepPlaying = Line("confirm.keep")

    // Settings
    public static let settingsTitle = Line("settings.title")
    public static let solver = Line("settings.solver")
    public static let solverPicker = Line("settings.solver.label")
    public static let shuffleSection = Line("settings.shuffle")
    public static let speedSection = Line("settings.speed")
    public static let numbers = Line("settings.numbers")

    // Records
    public static let recordsTitle = Line("records.title")
    public static let recordsEmpty = Line("records.empty")
    public static let recordsBoard = Line("records.board")
    public static let recordsFewest = Line("records.fewest")
    public static let recordsFastest = Line("records.fastest")
    public static let recordsWon = Line("records.won")
    public static let recordsNoPeek = Line("records.no-peek")
    public static let recordsHelped = Line("records.helped")
    public static let recordsNone = Line("records.none")
    /// "4×4 · Sunset".
    public static func recordsRow(_ r: RecordRow) -> Line {
        Line("records.row %@ %@", .line(Lines.board(r.size)), .line(Lines.picture(r.picture)))
    }
    /// "52 (fewest possible 44)".
    public static func recordsFewestCell(_ r: RecordRow) -> Line {
        guard let moves = r.fewestMoves else { return recordsNone }
        guard let f = r.fewestPossible, f.proven else { return Line("records.moves %@", .number(UInt64(moves))) }
        return Line("records.moves-of %@ %@", .number(UInt64(moves)), .number(UInt64(f.moves)))
    }

    /// Every fixed line, for the catalog test.
    public static var all: [Line] {
        [
            appTitle, cancel, done, boardSize, biggerBoards, takePhoto, choosePhoto, gettingPhoto, builtins,
            records, cropTitle, cropHelp, cropUse, cropPreparing, cropSquare, cropZoomIn, cropZoomOut, cropReset,
            pictures, settings, board, solved, detailsHint, detailsTitle, searching, keepPlaying, settingsTitle,
            solver, solverPicker, shuffleSection, speedSection, numbers, recordsTitle, recordsEmpty, recordsBoard,
            recordsFewest, recordsFastest, recordsWon, recordsNoPeek, recordsHelped, recordsNone,
        ] + TileDirection.allCases.map(cropMove)
    }
}
