import PhotosUI
import SlidePuzzleCore
import SlidePuzzleKit
import SwiftUI
import UIKit

/// Choose a picture (camera, photo library or a built-in one) and the board size.
struct StartView: View {
    let model: PuzzleModel
    @State private var libraryItem: PhotosPickerItem?
    @State private var showCamera = false
    @State private var thumbnails: [String: Image] = [:]
    @Environment(\.displayScale) private var displayScale

    /// The size chosen; kept by the model across games and launches.
    private var size: Int { model.state.size }

    private let columns = [GridItem(.adaptive(minimum: 140), spacing: 12)]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                sizePicker
                // Side by side when they fit; one above the other at large text sizes.
                ViewThatFits(in: .horizontal) {
                    HStack(spacing: 12) { photoButtons }
                    VStack(alignment: .leading, spacing: 12) { photoButtons }
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

    @ViewBuilder
    private var photoButtons: some View {
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

    private var sizeBinding: Binding<Int> {
        Binding(get: { model.state.size }, set: { model.selectSize($0) })
    }

    private var sizePicker: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Board size").font(.headline)
            Picker("Board size", selection: sizeBinding) {
                ForEach(BoardSizes.prominent, id: \.self) { n in Text("\(n)×\(n)").tag(n) }
            }
            .pickerStyle(.segmented)
            // The bigger sizes in a menu whose picker ticks the chosen one; the button itself
            // says which is chosen and stands out while it is.
            Menu {
                Picker("Bigger boards", selection: sizeBinding) {
                    ForEach(BoardSizes.more, id: \.self) { n in Text("\(n)×\(n)").tag(n) }
                }
            } label: {
                Label(
                    BoardSizes.more.contains(size) ? "\(size)×\(size) chosen" : "Bigger boards…",
                    systemImage: BoardSizes.more.contains(size) ? "checkmark.circle.fill" : "square.grid.4x3.fill")
            }
            .buttonStyle(.bordered)
            .tint(BoardSizes.more.contains(size) ? .accentColor : .secondary)
            .accessibilityValue(BoardSizes.more.contains(size) ? "\(size) by \(size), selected" : "")
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

    /// Thumbnails drawn at the screen's pixels (the grid's cells are at least 140 points).
    private func loadThumbnails() async {
        let scale = max(displayScale, 1)
        let edge = UInt32(min(180 * scale, 600))
        for builtin in model.builtins where thumbnails[builtin.id] == nil {
            if let picture = await PuzzleModel.renderBuiltin(id: builtin.id, edge: edge),
                let image = PictureImage.cgImage(picture)
            {
                thumbnails[builtin.id] = Image(decorative: image, scale: scale)
            }
        }
    }
}
