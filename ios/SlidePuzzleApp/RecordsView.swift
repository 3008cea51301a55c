import SlidePuzzleKit
import SwiftUI

/// Every board and picture won, as a table: fewest moves (and the fewest possible of that
/// game), fastest time, games won, won without a peek, won with help.
struct RecordsView: View {
    let model: PuzzleModel

    var body: some View {
        let rows = model.state.records
        List {
            if rows.isEmpty {
                Text(UIText.recordsEmpty).foregroundStyle(.secondary)
            }
            ForEach(Array(rows.enumerated()), id: \.offset) { _, row in
                VStack(alignment: .leading, spacing: 8) {
                    Text(UIText.recordsRow(row)).font(.headline)
                    Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 4) {
                        GridRow {
                            Text(UIText.recordsFewest).foregroundStyle(.secondary)
                            Text(UIText.recordsFewestCell(row))
                        }
                        GridRow {
                            Text(UIText.recordsFastest).foregroundStyle(.secondary)
                            if let ms = row.fastestMs {
                                Text(verbatim: Lines.clock(ms: ms))
                            } else {
                                Text(UIText.recordsNone)
                            }
                        }
                        GridRow {
                            Text(UIText.recordsWon).foregroundStyle(.secondary)
                            Text(verbatim: row.won.formatted())
                        }
                        GridRow {
                            Text(UIText.recordsNoPeek).foregroundStyle(.secondary)
                            Text(verbatim: row.wonWithoutPeeking.formatted())
                        }
                        GridRow {
                            Text(UIText.recordsHelped).foregroundStyle(.secondary)
                            Text(verbatim: row.helpedWon.formatted())
                        }
                    }
                    .font(.subheadline.monospacedDigit())
                }
                .accessibilityElement(children: .combine)
            }
        }
        .navigationTitle(Text(UIText.recordsTitle))
        .toolbar {
            ToolbarItem(placement: .topBarLeading) {
                Button {
                    model.closeRecords()
                } label: {
                    Text(UIText.done)
                }
            }
        }
    }
}
