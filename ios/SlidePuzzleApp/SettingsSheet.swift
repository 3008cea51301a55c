import SlidePuzzleKit
import SwiftUI

/// Algorithm, difficulty, Auto's speed and numbers on tiles; kept out of the board screen.
struct SettingsSheet: View {
    let model: PuzzleModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        let size = model.state.size
        NavigationStack {
            Form {
                Section {
                    Picker("Auto uses", selection: binding(\.algorithm)) {
                        ForEach(AlgorithmChoice.allCases, id: \.self) { choice in
                            VStack(alignment: .leading) {
                                Text(choice.title)
                                Text(choice.explanation).font(.caption).foregroundStyle(.secondary)
                            }
                            .tag(choice)
                        }
                    }
                    .pickerStyle(.inline)
                } header: {
                    Text("Solver")
                }
                Section {
                    Picker("Shuffle", selection: binding(\.difficulty)) {
                        ForEach(Difficulty.allCases, id: \.self) { level in
                            Text(level.title).tag(level)
                        }
                    }
                } header: {
                    Text("Shuffle")
                } footer: {
                    if !model.state.settings.difficulty.isOffered(onSize: size) {
                        Text(
                            "Exact-distance shuffles go up to 4×4; this \(size)×\(size) board will be mixed at random.")
                    } else {
                        Text("Easy, Medium and Hard put the board exactly that many moves from solved (up to 4×4).")
                    }
                }
                Section("Auto's speed") {
                    Picker("Speed", selection: binding(\.speed)) {
                        ForEach(PlaybackSpeed.allCases, id: \.self) { speed in
                            Text(speed.title).tag(speed)
                        }
                    }
                    .pickerStyle(.segmented)
                }
                Section {
                    Toggle("Numbers on tiles", isOn: binding(\.showNumbers))
                }
            }
            .navigationTitle("Settings")
            .toolbar { Button("Done") { dismiss() } }
        }
    }

    private func binding<Value>(_ key: WritableKeyPath<Settings, Value>) -> Binding<Value> {
        Binding(
            get: { model.state.settings[keyPath: key] },
            set: { value in
                var settings = model.state.settings
                settings[keyPath: key] = value
                model.update(settings: settings)
            })
    }
}
