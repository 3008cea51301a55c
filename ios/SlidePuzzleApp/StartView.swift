import PhotosUI
import SlidePuzzleCore
import SlidePuzzleKit
import SwiftUI
import UIKit

/// Choose a picture (camera, photo library or a built-in one) and the board size.
struct StartView: View {
    let model: PuzzleModel
    @State private var size = 3
    @State private var libraryItem: PhotosPickerItem?
    @State private var showCamera = false
    @State private var thumbnails: [String: Image] = [:]

    private let columns = [GridItem(.adaptive(minimum: 140), spacing: 12)]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                sizePicker
                HStack(spacing: 12) {
                    if UIImagePickerController.isSourceTypeAvailable(.camera) {
                        Button {
                            showCamera = true
                        } label: {
                            Label("Take a photo", systemImage: "camera")
                                .frame(maxWidth: .infinity)
                        }
                        .buttonStyle(.borderedProminent)
                    }
                    PhotosPicker(selection: $libraryItem, matching: .images) {
                        Label("Choose a photo", systemImage: "photo.on.rectangle")
                            .frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.bordered)
                }
                if let message = model.state.message {
                    Text(message)
                        .font(.callout)
                        .foregroundStyle(.secondary)
                }
                Text("Or play a built-in picture")
                    .font(.headline)
                LazyVGrid(columns: columns, spacing: 12) {
                    ForEach(model.builtins, id: \.id) { builtin in
                        Button {
                            Task { await model.chooseBuiltin(id: builtin.id, size: size) }
                        } label: {
                            thumbnail(builtin)
                        }
                        .buttonStyle(.plain)
                        .accessibilityLabel("Play \(builtin.title)")
                    }
                }
            }
            .padding()
        }
        .navigationTitle("Slide Puzzle")
        .task { await loadThumbnails() }
        .onChange(of: libraryItem) { _, item in
            guard let item else { return }
            Task {
                if let data = try? await item.loadTransferable(type: Data.self) {
                    await model.choosePhoto(data: data, size: size)
                }
                libraryItem = nil
            }
        }
        .fullScreenCover(isPresented: $showCamera) {
            CameraPicker { data in
                showCamera = false
                if let data { Task { await model.choosePhoto(data: data, size: size) } }
            }
            .ignoresSafeArea()
        }
    }

    private var sizePicker: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Board size").font(.headline)
            Picker("Board size", selection: $size) {
                ForEach(BoardSizes.prominent, id: \.self) { n in Text("\(n)×\(n)").tag(n) }
            }
            .pickerStyle(.segmented)
            Menu {
                ForEach(BoardSizes.more, id: \.self) { n in
                    Button("\(n)×\(n)") { size = n }
                }
            } label: {
                Label(
                    BoardSizes.more.contains(size) ? "Bigger board: \(size)×\(size)" : "Bigger boards…",
                    systemImage: "square.grid.4x3.fill")
            }
        }
    }

    private func thumbnail(_ builtin: BuiltinPicture) -> some View {
        VStack(spacing: 6) {
            Group {
                if let image = thumbnails[builtin.id] {
                    image.resizable().scaledToFit()
                } else {
                    Rectangle().fill(.quaternary).aspectRatio(1, contentMode: .fit)
                }
            }
            .clipShape(RoundedRectangle(cornerRadius: 10))
            Text(builtin.title).font(.subheadline)
        }
    }

    private func loadThumbnails() async {
        for builtin in model.builtins where thumbnails[builtin.id] == nil {
            if let picture = await PuzzleModel.renderBuiltin(id: builtin.id, edge: 240),
                let image = PictureImage.cgImage(picture)
            {
                thumbnails[builtin.id] = Image(decorative: image, scale: 1)
            }
        }
    }
}
