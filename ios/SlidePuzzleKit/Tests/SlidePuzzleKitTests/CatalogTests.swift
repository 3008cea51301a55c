import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// The app's String Catalog, read from its file as Xcode reads it (`sourceLanguage`, `strings`
/// → key → `localizations` → language → a `stringUnit`, or `variations.plural` forms).
struct StringCatalog {
    struct Unit: Decodable {
        let value: String
    }
    struct Plural: Decodable {
        let one: Forms?
        let other: Forms
        struct Forms: Decodable { let stringUnit: Unit }
    }
    struct Variations: Decodable { let plural: Plural }
    struct Localization: Decodable {
        let stringUnit: Unit?
        let variations: Variations?
    }
    struct Entry: Decodable {
        let localizations: [String: Localization]
    }
    struct File: Decodable {
        let sourceLanguage: String
        let strings: [String: Entry]
    }

    let file: File

    init(_ name: String) throws {
        let url = repositoryRoot.appendingPathComponent("ios/SlidePuzzleApp/\(name)")
        file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    }

    var keys: Set<String> { Set(file.strings.keys) }

    /// Every form of `key` in `language` (one, or the plural forms).
    func forms(_ key: String, _ language: String) -> [String] {
        guard let l = file.strings[key]?.localizations[language] else { return [] }
        if let u = l.stringUnit { return [u.value] }
        guard let p = l.variations?.plural else { return [] }
        return [p.one?.stringUnit.value, p.other.stringUnit.value].compactMap { $0 }
    }

    /// The format of `line` in `language`; a plural form is chosen by the line's count as
    /// English and German choose (one for 1, other otherwise).
    func format(_ line: Line, _ language: String) -> String {
        guard let l = file.strings[line.key]?.localizations[language] else { return "⟨\(line.key)⟩" }
        if let u = l.stringUnit { return u.value }
        let count = line.args.compactMap { if case .count(let n) = $0 { n } else { nil } }.first ?? 0
        guard let p = l.variations?.plural else { return "⟨\(line.key)⟩" }
        return (count == 1 ? p.one?.stringUnit.value : nil) ?? p.other.stringUnit.value
    }

    func wording(_ language: String, locale: String) -> Wording {
        let catalog = self
        return Wording(locale: Locale(identifier: locale)) { catalog.format($0, language) }
    }
}

/// The placeholders of a format, by position: "%1$@ and %2$lld" → ["1@", "2lld"].
func placeholders(_ format: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: "%(?:(\\d+)\\$)?(lld|@)")
    let range = NSRange(format.startIndex..., in: format)
    var next = 0
    return pattern.matches(in: format, range: range).map { m in
        let position: Int
        if let r = Range(m.range(at: 1), in: format) {
            position = Int(format[r])!
        } else {
            next += 1
            position = next
        }
        return "\(position)\(format[Range(m.range(at: 2), in: format)!])"
    }
    .sorted()
}

/// Every key a line uses, its nested lines' included.
func keys(_ line: Line) -> [String] {
    [line.key]
        + line.args.flatMap { arg -> [String] in
            if case .line(let l) = arg { return keys(l) }
            return []
        }
}

@Suite("The String Catalog")
struct CatalogTests {
    /// One note of every case (``noteCase(_:)`` makes the compiler list the cases).
    static let notes: [Note] = {
        let hint = Hint(cell: 1, tile: 7, direction: .left)
        var all: [Note] = [
            .chooseBlank, .nowShuffle, .tapShuffle, .notInLine(tile: 7), .notInLine(tile: nil), .shuffling,
            .preparingShuffle, .shuffleCancelled, .levelNotOffered(.hard, size: 5), .searching(positions: 0),
            .searching(positions: 149_734), .preparingDatabases, .autoStarted, .autoFound(moves: 42), .autoPaused,
            .autoStopped, .playbackBroke, .hint(hint, numbered: true), .hint(hint, numbered: false),
            .patternDatabasesTooSmall(size: 6), .hintFailed(.time), .hintFailed(.other), .photoMissing,
            .restoreFailed, .recordsKeptAside, .recordsUnavailable, .noCamera,
            .moved(tiles: [5], direction: .up), .moved(tiles: [3, 6, 7], direction: .right),
            .moved(tiles: nil, direction: .down), .won(moves: 42, elapsedMs: 65_000), .wonByAuto(moves: 1),
        ]
        all += [Problem.memory, .time, .nodes, .cancelled, .unsupported, .databases, .other].map {
            .solveFailed($0, choice: .bfs, size: 4)
        }
        all += [PhotoProblem.notDownloaded, .empty, .unreadable, .cameraFailed].map { .photoFailed($0) }
        return all
    }()

    /// The index of a note's case: a new case fails to compile here until it has a sample.
    static func noteCase(_ n: Note) -> Int {
        switch n {
        case .chooseBlank: 0
        case .nowShuffle: 1
        case .tapShuffle: 2
        case .notInLine: 3
        case .shuffling: 4
        case .preparingShuffle: 5
        case .shuffleCancelled: 6
        case .levelNotOffered: 7
        case .searching: 8
        case .preparingDatabases: 9
        case .autoStarted: 10
        case .autoFound: 11
        case .autoPaused: 12
        case .autoStopped: 13
        case .playbackBroke: 14
        case .hint: 15
        case .patternDatabasesTooSmall: 16
        case .solveFailed: 17
        case .hintFailed: 18
        case .photoFailed: 19
        case .photoMissing: 20
        case .restoreFailed: 21
        case .recordsKeptAside: 22
        case .recordsUnavailable: 23
        case .noCamera: 24
        case .moved: 25
        case .won: 26
        case .wonByAuto: 27
        }
    }

    /// Every line the Kit makes, over samples of every value.
    static var produced: [Line] {
        var lines = notes.flatMap { [Lines.note($0), Lines.spoken($0)] }
        lines += Control.allCases.flatMap { [Lines.control($0)] + [Lines.controlHint($0)].compactMap { $0 } }
        lines += ["sunset", "aurora", "mandala", "bauhaus", "photo", "a-new-one"].map(Lines.picture)
        lines += AlgorithmChoice.allCases.flatMap { [Lines.algorithmName($0), Lines.algorithmExplanation($0)] }
        lines += Difficulty.allCases.flatMap { [Lines.difficultyName($0), Lines.difficultyTitle($0)] }
        lines += PlaybackSpeed.allCases.map(Lines.speedName)
        lines += [Lines.shuffleFooter(.hard, size: 4), Lines.shuffleFooter(.hard, size: 6)]
        for c in [Confirmation.leave(moves: 3), .shuffle(moves: 1), .size(5, moves: 9)] {
            lines += [Lines.confirmationTitle(c), Lines.confirmationAction(c), Lines.confirmationMessage(c)]
        }
        for id in [
            "auto:idastar+pdb", "bfs", "bibfs", "astar+lc", "idastar+manhattan", "pdb+pdb", "beam+lc×32000",
            "reduction", "idastar+zero×1.50", "something", "idastar+else",
        ] {
            lines.append(Lines.method(id))
        }
        let solution = Solution(
            algorithm: "auto:idastar+pdb", moves: [.up, .left], tiles: [1, 2], optimal: true, lowerBound: 2,
            stats: SearchStats(expanded: 149_734, generated: 0, peakBytes: 0, elapsedMs: 19))
        for optimal in [true, false] {
            var r = SolveReport(solution, choice: optimal ? .auto : .idaStar)
            r.optimal = optimal
            lines += [Lines.solve(r)] + Lines.details(r)
        }
        var s = GameState()
        s.screen = .game
        s.phase = .animating
        s.playback = Playback(played: 3, total: 42)
        lines.append(Lines.status(s)!)
        s.playback?.paused = true
        lines.append(Lines.status(s)!)
        s.phase = .playing
        s.findingFewest = true
        lines.append(Lines.fewest(s)!)
        s.fewest = Fewest(moves: 44, proven: true)
        lines.append(Lines.fewest(s)!)
        lines.append(Lines.sizeBest(s))
        s.records = [
            RecordRow(
                size: s.size, picture: "sunset", won: 2, wonWithoutPeeking: 1, fewestMoves: 48,
                fewestPossible: Fewest(moves: 44, proven: true), fastestMs: 72_000, helpedWon: 1)
        ]
        lines.append(Lines.sizeBest(s))
        lines += s.records.flatMap { [UIText.recordsRow($0), UIText.recordsFewestCell($0)] }
        var unproven = s.records[0]
        unproven.fewestPossible = nil
        lines.append(UIText.recordsFewestCell(unproven))
        unproven.fewestMoves = nil
        lines.append(UIText.recordsFewestCell(unproven))
        let base = WinSummary(
            moves: 44, elapsedMs: 65_000, fewest: Fewest(moves: 44, proven: true), findingFewest: false,
            byAuto: false, helped: false, peeks: 0, movesChange: .better(was: 58), timeChange: .better(was: 90_000),
            recorded: true)
        var variants = [base]
        variants.append(
            {
                var w = base
                w.moves = 50
                w.movesChange = .first
                w.peeks = 2
                return w
            }())
        variants.append(
            {
                var w = base
                w.byAuto = true
                w.helped = true
                return w
            }())
        variants.append(
            {
                var w = base
                w.fewest = nil
                w.findingFewest = true
                return w
            }())
        variants.append(
            {
                var w = base
                w.fewest = nil
                return w
            }())
        lines += variants.flatMap { Lines.win($0, size: 4, picture: "sunset") }
        var cells = GameState()
        cells.size = 3
        lines.append(Lines.cell(cells, cell: 0))
        cells.tiles = [1, 2, 3, 4, 5, 6, 7, 0, 8]
        cells.homes = [8, 0, 1, 2, 3, 4, 5, 6, 7]
        cells.movable = [1, 4, 6, 8]
        cells.phase = .playing
        for numbers in [true, false] {
            cells.settings.showNumbers = numbers
            cells.hasPicture = true
            lines += [0, 7, 8].map { Lines.cell(cells, cell: $0) }
            lines += [Lines.slideAction(cells, cell: 8)].compactMap { $0 }
        }
        var frame = CropFrame(width: 400, height: 300, minimumSide: 50)
        lines.append(frame.descriptionLine)
        frame.zoom(by: 2, aboutX: 10, y: 10, frameSide: 100)
        lines.append(frame.descriptionLine)
        lines += UIText.all + [UIText.play(picture: "aurora"), UIText.time(ms: 1000)]
        lines.append(UIText.playing(Playback(played: 1, total: 2)))
        return lines
    }

    @Test("Every note case has a sample, and every line the Kit makes has its key in the catalog")
    func everyNoteHasAKey() throws {
        let count = Set(Self.notes.map(Self.noteCase)).count
        #expect(count == 28)
        let catalog = try StringCatalog("Localizable.xcstrings")
        let missing = Set(Self.produced.flatMap(keys)).subtracting(catalog.keys)
        #expect(missing.isEmpty, "keys the Kit uses that the catalog lacks: \(missing.sorted())")
    }

    @Test("Every key of the catalog is used")
    func everyKeyIsUsed() throws {
        let catalog = try StringCatalog("Localizable.xcstrings")
        let unused = catalog.keys.subtracting(Self.produced.flatMap(keys))
        #expect(unused.isEmpty, "keys nothing uses: \(unused.sorted())")
    }

    @Test("Every key has English and German with the same placeholders, as many as its arguments")
    func germanEverywhere() throws {
        for name in ["Localizable.xcstrings", "InfoPlist.xcstrings"] {
            let catalog = try StringCatalog(name)
            #expect(catalog.file.sourceLanguage == "en")
            for key in catalog.keys.sorted() {
                let en = catalog.forms(key, "en")
                let de = catalog.forms(key, "de")
                #expect(!en.isEmpty && !de.isEmpty, "\(name): \(key) lacks a language")
                #expect(en.count == de.count, "\(name): \(key) has other forms in German")
                let expected = placeholders(en.first ?? "")
                for form in en + de {
                    #expect(placeholders(form) == expected, "\(name): \(key): “\(form)”")
                    #expect(!form.isEmpty)
                }
                // The key names its arguments: "note.hint %@ %@" takes two.
                let named = key.components(separatedBy: " ").dropFirst()
                #expect(Set(expected.map { String($0.prefix { $0.isNumber }) }).count == named.count, "\(key)")
            }
        }
        let info = try StringCatalog("InfoPlist.xcstrings")
        #expect(info.keys.contains("NSCameraUsageDescription"))
    }

    @Test("German reads as German: one Zug, 42 Züge, in 42 Zügen, 149.734")
    func renderings() throws {
        let catalog = try StringCatalog("Localizable.xcstrings")
        let de = catalog.wording("de", locale: "de_DE")
        let en = catalog.wording("en", locale: "en_US")
        #expect(de(Lines.moves(1)) == "1 Zug")
        #expect(de(Lines.moves(42)) == "42 Züge")
        #expect(de(Lines.note(.won(moves: 42, elapsedMs: 65_000))) == "Gelöst in 42 Zügen und 1:05!")
        #expect(de(Lines.note(.won(moves: 1, elapsedMs: 5_000))) == "Gelöst in 1 Zug und 0:05!")
        #expect(en(Lines.note(.won(moves: 1, elapsedMs: 5_000))) == "Solved in 1 move and 0:05!")
        #expect(de(Lines.note(.searching(positions: 149_734))) == "Suche läuft … 149.734 Stellungen")
        #expect(en(Lines.note(.searching(positions: 149_734))) == "Searching… 149,734 positions")
        #expect(de(Lines.board(4)) == "4×4")
        #expect(en(Lines.confirmationMessage(.leave(moves: 1))) == "The 1 move on this board will be lost.")
        #expect(de(Lines.confirmationMessage(.leave(moves: 3))) == "Die 3 Züge auf diesem Brett gehen verloren.")
        let report = SolveReport(
            Solution(
                algorithm: "auto:beam+lc×32000", moves: Array(repeating: .up, count: 42), tiles: [],
                optimal: false, lowerBound: 40,
                stats: SearchStats(expanded: 1, generated: 0, peakBytes: 0, elapsedMs: 1_200)),
            choice: .auto)
        #expect(de(Lines.solve(report)) == "Weg mit 42 Zügen in 1,2 s gefunden; mindestens 40 sind nötig")
        #expect(
            en(Lines.details(report)[0])
                == "Method: Auto chose beam search with Manhattan distance and linear conflicts, keeping the best 32,000 positions at each step"
        )
        let win = WinSummary(
            moves: 52, elapsedMs: 61_000, fewest: Fewest(moves: 44, proven: true), findingFewest: false,
            byAuto: false, helped: false, peeks: 0, movesChange: .better(was: 58), timeChange: nil, recorded: true)
        let lines = Lines.win(win, size: 4, picture: "sunset").map { en($0) }
        #expect(lines.contains("Fewest moves on 4×4 Sunset: 52, was 58"))
        #expect(lines.contains("The fewest possible: 44"))
        var matched = win
        matched.moves = 44
        #expect(
            Lines.win(matched, size: 4, picture: "sunset").map { en($0) }.contains(
                "The fewest possible: 44 — you matched it!"))
    }

    @Test("The app's views hold no text a player reads: every string literal is a symbol or a key")
    func noLiteralsInViews() throws {
        let folder = repositoryRoot.appendingPathComponent("ios/SlidePuzzleApp")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 8)
        let catalog = try StringCatalog("Localizable.xcstrings")
        let literal = try NSRegularExpression(pattern: "\"((?:[^\"\\\\]|\\\\.)*)\"")
        // Where a literal is not text: a symbol or image name, a key equivalent.
        let allowed = ["systemImage:", "systemName:", "Image(", "KeyEquivalent(", "keyboardShortcut(", "named:"]
        let symbol = try NSRegularExpression(pattern: "^[a-z0-9]+(\\.[a-z0-9]+)+$")
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                let range = NSRange(code.startIndex..., in: code)
                for m in literal.matches(in: code, range: range) {
                    let value = String(code[Range(m.range(at: 1), in: code)!])
                    guard value.contains(where: \.isLetter) else { continue }
                    let before = String(code[..<Range(m.range, in: code)!.lowerBound])
                    if allowed.contains(where: { before.hasSuffix($0) || before.hasSuffix($0 + " ") }) { continue }
                    let whole = NSRange(value.startIndex..., in: value)
                    if symbol.firstMatch(in: value, range: whole) != nil { continue }  // an SF Symbol
                    if catalog.keys.contains(value) { continue }
                    found.append("\(file):\(number + 1): \"\(value)\"")
                }
            }
        }
        #expect(found.isEmpty, "literals a player may read: \(found)")
    }
}
