import PhotosUI
import SlidePuzzleCore
import SlidePuzzleKit
import SwiftUI
import UIKit

/// Choose a picture (camera, photo library or a built-in one) and the board size. While a photo
/// loads the screen says so with Cancel, and the built-ins wait; a second pick replaces the
/// first. The chosen size's best shows under the sizes.
struct StartView: View {
    let model: PuzzleModel
    @State private var libraryItem: PhotosPickerItem?
    @State private var showCamera = false
    @State private var thumbnails: [String: Image] = [:]
    @Environment(\.displayScale) private var displayScale

    private var state: GameState { model.state }

    private let columns = [GridItem(.adaptive(minimum: 140), spacing: 12)]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                sizePicker
                Text(Lines.sizeBest(state))
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                // Side by side when they fit; one above the other at large text sizes.
                ViewThatFits(in: .horizontal) {
                    HStack(spacing: 12) { photoButtons }
                    VStack(alignment: .leading, spacing: 12) { photoButtons }
                }
                if state.photoLoad != nil {
                    HStack(spacing: 12) {
                        ProgressView()
                        Text(UIText.gettingPhoto).font(.callout)
                        Spacer()
                        Button {
                            model.cancelPhotoLoad()
                        } label: {
                            Text(UIText.cancel)
                        }
                        .buttonStyle(.bordered)
                    }
                }
                if let note = state.note {
                    Text(Lines.note(note))
                        .font(.callout)
                        .foregroundStyle(.secondary)
                }
                Text(UIText.builtins).font(.headline)
                LazyVGrid(columns: columns, spacing: 12) {
                    ForEach(model.builtins, id: \.id) { builtin in
                        Button {
                            Task { await model.chooseBuiltin(id: builtin.id) }
                        } label: {
                            thumbnail(builtin)
                        }
                        .buttonStyle(.plain)
                        .accessibilityLabel(Text(UIText.play(picture: builtin.id)))
                    }
                }
                .disabled(state.photoLoad != nil)
                Button {
                    model.showRecords()
                } label: {
                    Label {
                        Text(UIText.records)
                    } icon: {
                        Image(systemName: "trophy")
                    }
                }
                .buttonStyle(.bordered)
            }
            .padding()
        }
        .navigationTitle(Text(UIText.appTitle))
        .task { await loadThumbnails() }
        .onChange(of: libraryItem) { _, item in
            guard let item else { return }
            libraryItem = nil
            model.pickPhoto { try await item.loadTransferable(type: Data.self) }
        }
        .fullScreenCover(isPresented: $showCamera) {
            CameraPicker { image in
                showCamera = false
                // The model reads the photo once the camera is gone; its bytes are made off
                // the main thread.
                if let image { model.cameraPhoto { image.jpegData(compressionQuality: 0.9) } }
            }
            .ignoresSafeArea()
        }
    }

    @ViewBuilder
    private var photoButtons: some View {
        Button {
            if UIImagePickerController.isSourceTypeAvailable(.camera) {
                showCamera = true
            } else {
                model.cameraUnavailable()
            }
        } label: {
            Label {
                Text(UIText.takePhoto)
            } icon: {
                Image(systemName: "camera")
            }
            .frame(maxWidth: .infinity)
        }
        .buttonStyle(.borderedProminent)
        // `.current`: the photo as the library keeps it (HEIC stays HEIC), read by ImageIO at the
        // size needed instead of transcoded whole.
        PhotosPicker(selection: $libraryItem, matching: .images, preferredItemEncoding: .current) {
            Label {
                Text(UIText.choosePhoto)
            } icon: {
                Image(systemName: "photo.on.rectangle")
            }
            .frame(maxWidth: .infinity)
        }
        .buttonStyle(.bordered)
    }

    private var sizeBinding: Binding<Int> {
        Binding(get: { model.state.size }, set: { model.selectSize($0) })
    }

    private var sizePicker: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(UIText.boardSize).font(.headline)
            Picker(selection: sizeBinding) {
                ForEach(BoardSizes.prominent, id: \.self) { n in Text(Lines.board(n)).tag(n) }
            } label: {
                Text(UIText.boardSize)
            }
            .pickerStyle(.segmented)
            // The bigger sizes in a menu whose picker ticks the chosen one.
            Menu {
                Picker(selection: sizeBinding) {
                    ForEach(BoardSizes.more, id: \.self) { n in Text(Lines.board(n)).tag(n) }
                } label: {
                    Text(UIText.biggerBoards)
                }
            } label: {
                Label {
                    BoardSizes.more.contains(state.size) ? Text(Lines.board(state.size)) : Text(UIText.biggerBoards)
                } icon: {
                    Image(
                        systemName: BoardSizes.more.contains(state.size)
                            ? "checkmark.circle.fill" : "square.grid.4x3.fill")
                }
            }
            .buttonStyle(.bordered)
            .tint(BoardSizes.more.contains(state.size) ? .accentColor : .secondary)
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
            Text(Lines.picture(builtin.id)).font(.subheadline)
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
