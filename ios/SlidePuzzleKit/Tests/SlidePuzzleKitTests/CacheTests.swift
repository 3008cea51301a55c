import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

@Suite("Pattern-database cache")
struct CacheTests {
    @Test("Built once, loaded from the file next time, and a damaged file is dropped and rebuilt")
    func buildLoadRebuild() async throws {
        let dir = temporaryDirectory()
        let goal = try goalTiles(size: 3, blankCell: 4)
        let first = PatternDatabaseCache(directory: dir)
        #expect(await first.cached(for: goal) == nil)
        async let a = first.database(for: goal)
        async let b = first.database(for: goal)
        let (dbA, dbB) = try await (a, b)
        #expect(dbA.serves(goal: goal) && dbB.serves(goal: goal))
        #expect(await first.buildsStarted == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files.count == 1 && files[0].hasPrefix("pdb-"))
        let file = dir.appendingPathComponent(files[0])

        // A new cache (the app launched again) reads the file without building.
        let second = PatternDatabaseCache(directory: dir)
        let loaded = try #require(await second.cached(for: goal))
        #expect(loaded.toBytes() == dbA.toBytes())
        #expect(await second.buildsStarted == 0)

        // One flipped byte: the checksum refuses it, the file goes, a build replaces it.
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)
        let third = PatternDatabaseCache(directory: dir)
        #expect(await third.cached(for: goal) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let rebuilt = try await third.database(for: goal)
        #expect(await third.buildsStarted == 1)
        #expect(rebuilt.toBytes() == dbA.toBytes())
        #expect(try Data(contentsOf: file) == Data(dbA.toBytes()))
    }

    @Test("One set serves every goal a symmetry maps onto it; none above 5×5")
    func sharedAndBounded() async throws {
        let cache = PatternDatabaseCache(directory: temporaryDirectory())
        let corner = try goalTiles(size: 3, blankCell: 0)
        let other = try goalTiles(size: 3, blankCell: 8)
        let db = try await cache.database(for: corner)
        #expect(db.serves(goal: other))
        #expect(await cache.cached(for: other) != nil)
        #expect(await cache.buildsStarted == 1)
        await #expect(throws: PuzzleError.self) {
            try await cache.database(for: try goalTiles(size: 6, blankCell: 35))
        }
    }

    @MainActor
    @Test("Choosing the empty space builds the board's databases in the background, once")
    func prefetch() async throws {
        let env = testEnvironment()
        let model = PuzzleModel(environment: env)
        model.selectSize(3)
        await model.chooseBuiltin(id: model.builtins[0].id)
        let cache = env.databases
        #expect(await cache.buildsStarted == 0)
        model.tap(cell: 0)
        let goal = try goalTiles(size: 3, blankCell: 0)
        var ready = false
        for _ in 0..<2_000 where !ready {
            ready = await cache.cached(for: goal) != nil
            if !ready { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(ready)
        #expect(await cache.buildsStarted == 1)
    }

    @Test("Tables of an earlier partition are treated as absent, deleted and rebuilt")
    func staleTablesRebuilt() async throws {
        let dir = temporaryDirectory()
        let goal = try goalTiles(size: 3, blankCell: 8)
        let first = PatternDatabaseCache(directory: dir)
        #expect(try await first.database(for: goal).isCurrent())
        let name = try #require(FileManager.default.contentsOfDirectory(atPath: dir.path).first)
        let file = dir.appendingPathComponent(name)
        // The same file as a set of another partition (the tool the CLI checks use).
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tool.arguments = [
            "python3", repositoryRoot.appendingPathComponent("tests/tools/pdb_v1.py").path, "--reorder", file.path,
        ]
        try tool.run()
        tool.waitUntilExit()
        #expect(tool.terminationStatus == 0)
        #expect(try !PatternDatabase.fromFile(path: file.path).isCurrent())
        let second = PatternDatabaseCache(directory: dir)
        #expect(await second.cached(for: goal) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let rebuilt = try await second.database(for: goal)
        #expect(rebuilt.isCurrent())
        #expect(await second.buildsStarted == 1)
    }
}
