import Testing
import SlidePuzzleKit

@Test func coreLinks() { #expect(coreLibraryVersion() == "0.1.0") }
