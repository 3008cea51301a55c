import SlidePuzzleCore

/// What a finished Auto solve did, in plain values the views and texts read.
public struct SolveReport: Equatable, Sendable {
    /// The blank's moves, in order.
    public var moves: [Direction]
    /// Whether the length is proven to be the fewest possible.
    public var optimal: Bool
    /// A proven lower bound on the fewest possible moves.
    public var lowerBound: Int
    /// Positions the search looked at.
    public var positions: UInt64
    /// Search time in milliseconds.
    public var elapsedMs: UInt64
    /// The core's name for what ran, e.g. "auto:idastar+pdb"; shown only in the details.
    public var method: String
    /// What the player picked.
    public var choice: AlgorithmChoice

    init(_ solution: Solution, choice: AlgorithmChoice) {
        moves = solution.moves
        optimal = solution.optimal
        lowerBound = Int(solution.lowerBound)
        positions = solution.stats.expanded
        elapsedMs = solution.stats.elapsedMs
        method = solution.algorithm
        self.choice = choice
    }
}

/// Every sentence the app shows a player, in one place so tests can read them.
public enum PlayerText {
    /// "Solved in 42 moves — the fewest possible · 149,734 positions in 19 ms".
    public static func solveLine(_ r: SolveReport) -> String {
        let count = moves(r.moves.count)
        let quality =
            if r.optimal {
                "the fewest possible"
            } else {
                "at least \(r.lowerBound) are needed"
            }
        return "Solved in \(count) — \(quality) · \(grouped(r.positions)) positions in \(duration(ms: r.elapsedMs))"
    }

    /// The details one tap away from the solve line.
    public static func solveDetails(_ r: SolveReport) -> [String] {
        var lines = ["Method: \(methodName(r.method))"]
        if r.choice == .auto {
            lines.append("You chose Auto, which picks the method for the board and the time.")
        }
        if r.optimal {
            lines.append("The search proved that no shorter solution exists.")
        } else {
            lines.append(
                "The search ran out of time before proving the fewest moves; it showed that at least \(r.lowerBound) are needed."
            )
        }
        lines.append("Positions looked at: \(grouped(r.positions))")
        lines.append("Search time: \(duration(ms: r.elapsedMs))")
        lines.append("Core name: \(r.method)")
        return lines
    }

    /// A player's name for the core's method id ("auto:idastar+pdb" → "Auto chose IDA* with
    /// pattern databases").
    public static func methodName(_ id: String) -> String {
        if id.hasPrefix("auto:") {
            return "Auto chose " + methodName(String(id.dropFirst("auto:".count)))
        }
        let parts = id.split(separator: "+", maxSplits: 1).map(String.init)
        let search: String =
            switch parts[0] {
            case "bfs": "breadth-first search"
            case "bibfs": "two-way breadth-first search"
            case "astar": "A*"
            case "idastar": "IDA*"
            case "pdb": "IDA* with pattern databases"
            case "beam": "beam search"
            case "reduction": "line-by-line solving from the outside in"
            default: parts[0]
            }
        guard parts.count == 2 else { return search }
        let rest = parts[1]
        // Weighted IDA* names carry "×1.50": it trades the fewest moves for speed.
        let pieces = rest.split(separator: "×", maxSplits: 1).map(String.init)
        let estimate: String =
            switch pieces[0] {
            case "lc": "Manhattan distance and linear conflicts"
            case "manhattan": "Manhattan distance"
            case "pdb": "pattern databases"
            case "zero": "no estimate"
            default: pieces[0]
            }
        guard pieces.count == 2 else { return "\(search) with \(estimate)" }
        // A beam's "×32000" is how many positions it keeps at each step.
        if parts[0] == "beam" {
            let kept = UInt64(pieces[1]).map(grouped) ?? pieces[1]
            return "\(search) with \(estimate), keeping the best \(kept) positions at each step"
        }
        return "\(search) with \(estimate), estimate weighted \(pieces[1])× for speed"
    }

    /// Why Auto stopped without a path, politely and with what to try instead.
    public static func solveFailure(
        _ error: Error, choice: AlgorithmChoice, size: Int, memoryBudgetBytes: UInt64,
        timeBudgetMs: UInt64
    ) -> String {
        guard let error = error as? PuzzleError else { return "Auto stopped: \(error)" }
        let board = "\(size)×\(size)"
        switch error {
        case .LimitReached(let message):
            if message.hasPrefix("memory") {
                return
                    "\(choice.title) ran out of its memory budget (\(megabytes(memoryBudgetBytes))) before reaching the goal on this \(board) board: it has to remember every position it sees. Auto or pattern databases solve it without that."
            }
            if message.hasPrefix("time") {
                return
                    "\(choice.title) did not finish within \(duration(ms: timeBudgetMs)) on this \(board) board. Auto always finds a path in time."
            }
            return "\(choice.title) stopped at its search limit on this \(board) board. Try Auto."
        case .Cancelled:
            return "Auto stopped."
        case .Unsupported:
            return "\(choice.title) can't solve a \(board) board. Auto can."
        case .PatternDatabase:
            return
                "The pattern databases for this \(board) board could not be built, so Auto stopped. Choose Auto in Settings to solve it without them."
        default:
            return message(error)
        }
    }

    /// The message of a core error, as the core wrote it for a person.
    public static func message(_ error: Error) -> String {
        guard let error = error as? PuzzleError else { return "\(error)" }
        switch error {
        case .InvalidBoard(let m), .Unsolvable(let m), .IllegalMove(let m), .LimitReached(let m),
            .Cancelled(let m), .Unsupported(let m), .PatternDatabase(let m), .BadSave(let m),
            .BadPicture(let m), .InvalidArgument(let m):
            return m.prefix(1).uppercased() + m.dropFirst()
        }
    }

    /// Why a picture could not be used.
    public static func pictureFailure(_ error: Error) -> String {
        "This picture can't be used: \(message(error).lowercasedFirst)"
    }

    /// Why the saved game could not be brought back: "Your last game could not be restored: …".
    public static func restoreFailure(_ reason: String) -> String {
        "Your last game could not be restored: \(reason.lowercasedFirst)."
    }

    /// The celebration line: moves, time, and how they compare with the fewest possible.
    public static func winLine(moves count: Int, elapsedMs: UInt64, best: Int?, byAuto: Bool)
        -> String
    {
        if byAuto {
            let fewest = best == count ? " — the fewest possible" : ""
            return "Auto solved it in \(moves(count))\(fewest)"
        }
        let head = "Solved in \(moves(count)) and \(clock(ms: elapsedMs))"
        guard let best else { return head + "!" }
        if count <= best { return head + " — the fewest possible!" }
        return head + " · the fewest possible was \(best)"
    }

    /// "Fewest possible: 42".
    public static func bestLine(_ best: Int?) -> String? {
        best.map { "Fewest possible: \($0)" }
    }

    /// While Auto searches: "Searching… 1,234,567 positions".
    public static func searching(positions: UInt64) -> String {
        positions == 0 ? "Searching…" : "Searching… \(grouped(positions)) positions"
    }

    /// The hint: "Slide tile 7 left".
    public static func hint(tile: Int, tileMoves: TileDirection) -> String {
        "Slide tile \(tile) \(tileMoves.word)"
    }

    /// What VoiceOver says after a move: "Tile 5 moved left", "Tiles 3 and 6 moved up".
    public static func moved(_ slides: [TileSlide], size: Int) -> String? {
        guard let first = slides.first, size > 0 else { return nil }
        let step = first.toCell - first.fromCell
        let direction: TileDirection =
            switch step {
            case 1: .right
            case -1: .left
            case size: .down
            default: .up
            }
        let tiles = slides.map { String($0.tile) }
        let names =
            tiles.count == 1
            ? "Tile \(tiles[0])"
            : "Tiles " + tiles.dropLast().joined(separator: ", ") + " and \(tiles.last!)"
        return "\(names) moved \(direction.word)"
    }

    /// The hint as VoiceOver says it: "Hint: slide tile 7 left".
    public static func hintAnnouncement(tile: Int, tileMoves: TileDirection) -> String {
        "Hint: " + hint(tile: tile, tileMoves: tileMoves).lowercasedFirst
    }

    /// Said when Pattern databases were chosen for a board they do not cover.
    public static func patternDatabasesTooSmall(size: Int) -> String {
        "Pattern databases go up to 5×5 boards, so Auto picked the method for this \(size)×\(size) one."
    }

    /// Said when Auto's next move does not fit the board (the board changed under it).
    public static let playbackBroke = "Auto stopped: its next move no longer fits the board. Your turn."

    /// VoiceOver label of the cell at `cell` holding `tile` (0 = the empty space).
    public static func tileLabel(tile: Int, cell: Int, size: Int, canMove: Bool) -> String {
        let place = "row \(cell / size + 1), column \(cell % size + 1)"
        if tile == 0 { return "empty space, \(place)" }
        return "tile \(tile), \(place)" + (canMove ? "; can move" : "")
    }

    /// VoiceOver label of a cell before the blank is chosen.
    public static func chooseBlankLabel(cell: Int, size: Int) -> String {
        "piece at row \(cell / size + 1), column \(cell % size + 1); make this the empty space"
    }

    /// "1 move", "42 moves".
    public static func moves(_ count: Int) -> String {
        count == 1 ? "1 move" : "\(count) moves"
    }

    /// Play time as "0:42" or "1:02:03".
    public static func clock(ms: UInt64) -> String {
        let s = ms / 1000
        let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60)
        let two = { (v: UInt64) in v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(m):\(two(sec))"
    }

    /// "19 ms", "1.2 s", "12 s".
    public static func duration(ms: UInt64) -> String {
        if ms < 1000 { return "\(ms) ms" }
        if ms < 10_000 {
            let tenths = (ms + 50) / 100
            return "\(tenths / 10).\(tenths % 10) s"
        }
        return "\((ms + 500) / 1000) s"
    }

    /// "149,734": thousands grouped with commas, whatever the device's locale, so the text is
    /// the same in tests and on every phone.
    public static func grouped(_ n: UInt64) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }

    static func megabytes(_ bytes: UInt64) -> String {
        "\(bytes >> 20) MB"
    }
}

extension String {
    fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
