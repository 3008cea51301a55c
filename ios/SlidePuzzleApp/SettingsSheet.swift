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
                    Picker(selection: binding(\.algorithm)) {
                        ForEach(AlgorithmChoice.allCases, id: \.self) { choice in
                            VStack(alignment: .leading) {
                                Text(Lines.algorithmName(choice))
                                Text(Lines.algorithmExplanation(choice)).font(.caption).foregroundStyle(.secondary)
                            }
                            .tag(choice)
                        }
                    } label: {
                        Text(UIText.solverPicker)
                    }
                    .pickerStyle(.inline)
                } header: {
                    Text(UIText.solver)
                }
                Section {
                    Picker(selection: binding(\.difficulty)) {
                        ForEach(Difficulty.allCases, id: \.self) { level in
                            Text(Lines.difficultyTitle(level)).tag(level)
                        }
                    } label: {
                        Text(UIText.shuffleSection)
                    }
                } header: {
                    Text(UIText.shuffleSection)
                } footer: {
                    Text(Lines.shuffleFooter(model.state.settings.difficulty, size: size))
                }
                Section {
                    Picker(selection: binding(\.speed)) {
                        ForEach(PlaybackSpeed.allCases, id: \.self) { speed in
                            Text(Lines.speedName(speed)).tag(speed)
                        }
                    } label: {
                        Text(UIText.speedSection)
                    }
                    .pickerStyle(.segmented)
                } header: {
                    Text(UIText.speedSection)
                }
                Section {
                    Toggle(isOn: binding(\.showNumbers)) { Text(UIText.numbers) }
                }
            }
            .navigationTitle(Text(UIText.settingsTitle))
            .toolbar {
                Button {
                    dismiss()
                } label: {
                    Text(UIText.done)
                }
            }
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
