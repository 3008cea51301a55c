import SlidePuzzleCore

/// The version of the Rust core this package links.
public func coreLibraryVersion() -> String { coreVersion() }
