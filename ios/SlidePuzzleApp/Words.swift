import Foundation
import SlidePuzzleKit
import SwiftUI

/// The app's words: a ``Line`` looked up in the String Catalog (`Localizable.xcstrings`, which
/// Xcode compiles into the bundle; plural forms are chosen by Foundation from the count),
/// its arguments written for the device's locale.
enum Words {
    static let wording = Wording(locale: .current) { line in
        Bundle.main.localizedString(forKey: line.key, value: nil, table: nil)
    }
}

extension Text {
    /// A line of the catalog, worded.
    init(_ line: Line) {
        self.init(verbatim: Words.wording(line))
    }
}
