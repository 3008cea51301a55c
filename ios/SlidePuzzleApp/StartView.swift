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
    /// A picked photo waiting for its square on the crop screen.
    @State private var pending: PendingPhoto?
    /// While a picked photo is being fetched (an iCloud original can take a while).
    @State private var fetching = false
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
                if fetching {
                    HStack(spacing: 8) {
                        ProgressView()
                        Text("Getting your photo…").font(.callout)
                    }
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
                fetching = true
                let data = try? await item.loadTransferable(type: Data.self)
                fetching = false
                libraryItem = nil
                if let data { await crop(data) }
            }
        }
        .fullScreenCover(isPresented: $showCamera) {
            CameraPicker { data in
                showCamera = false
                if let data { Task { await crop(data) } }
            }
            .ignoresSafeArea()
        }
        .fullScreenCover(item: $pending) { photo in
            CropView(
                photo: photo,
                use: { square in
                    pending = nil
                    Task { await model.choosePhoto(data: photo.data, size: size, crop: square) }
                },
                cancel: { pending = nil })
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
        // `.compatible` asks Photos for a format the core reads (JPEG for a HEIC original)
        // where it can; anything else is decoded by ImageIO (SlidePuzzleKit's PhotoDecoder).
        PhotosPicker(selection: $libraryItem, matching: .images, preferredItemEncoding: .compatible) {
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

    /// Opens the crop screen on `data`; a photo nothing can read goes to the model, which says
    /// so and leaves this screen as it was.
    private func crop(_ data: Data) async {
        guard let upright = await model.photoSize(data),
            let full = UIImage(data: data),
            let preview = full.preparingThumbnail(of: previewSize(full.size))
        else {
            await model.choosePhoto(data: data, size: size)
            return
        }
        pending = PendingPhoto(data: data, preview: preview, width: upright.width, height: upright.height)
    }

    /// The preview's size: the photo's shape, at most 2048 pixels on its longest side.
    private func previewSize(_ size: CGSize) -> CGSize {
        let longest = max(size.width, size.height, 1)
        let scale = min(1, 2048 / longest)
        return CGSize(width: size.width * scale, height: size.height * scale)
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
