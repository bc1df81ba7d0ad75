import Audio
import ChirperCore
import DisplayText
import FoundationEssentials
import Glibc
import Library
import LibraryModel
import PlaybackModel
import Sonogram
import XenoCanto

/// `pack export NAME --anki FILE.apkg`: the pack as an Anki package, a zip of Anki's collection file,
/// the media list and the media (each recording's MP3 whole and its sonogram as a PNG), read and written
/// one file at a time. Written beside `path` first and put in place only when whole, and only over a
/// regular file (`WholeFileWriter`).
enum AnkiExport {
    /// The largest file put in a package.
    static let fileLimit = 512 << 20

    /// Writes the package and returns what to tell the listener.
    static func write(_ folder: PackFolder, name: String, to path: String, share: Bool, now: Double) async throws -> [String] {
        guard let listed = folder.listed() else {
            throw CommandFailure(message: "chirper: the pack \(name) has no pack.json: build it again.", exitCode: .noMatch)
        }
        let set = QuizSet(title: name, recordings: listed.objects.indices.compactMap { listed.recording($0).flatMap(folder.playable) })
        let names = Dictionary(set.names.species.map { ($0.scientific, $0.english ?? $0.scientific) }) { first, _ in first }
        func ankiDeck(unmade: Set<String>) -> AnkiDeck {
            AnkiDeck(pack: name, cards: set.recordings, names: names, families: set.families, share: share, unmade: unmade)
        }
        let wanted = ankiDeck(unmade: [])
        guard !wanted.notes.isEmpty else {
            throw CommandFailure(message: "chirper: the pack \(name) holds no recording with a file to put in a deck.", exitCode: .noMatch)
        }
        if let refusal = FileNames.refusal(toWrite: path) { throw CommandFailure(message: "chirper: cannot write the deck: \(refusal)", exitCode: .usage) }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        // Each medium's file: the pack's MP3, or a sonogram made into the scratch folder.
        var files: [String: String] = [:]
        var unmade: Set<String> = []
        var lines: [String] = []
        for item in wanted.media {
            guard case .file(let file)? = item.recording.audioSource else { continue }
            switch item.kind {
            case .sound: files[item.name] = file
            case .sonogram:
                do { files[item.name] = try await sonogram(of: item.recording, file: file, in: scratch) } catch {
                    unmade.insert(item.recording.id)
                    lines.append(Displayable.line("XC\(item.recording.id): no sonogram (\(error))"))
                }
            }
        }
        // A sonogram that could not be made is not named by its note.
        let deck = unmade.isEmpty ? wanted : ankiDeck(unmade: unmade)
        let collection = scratch.path + "/collection.anki2"
        try LibraryAccess.run { () throws(LibraryError) in try AnkiCollectionFile.write(to: collection, deck: deck.file, noteType: AnkiDeck.noteType,
                                                                                       notes: deck.notes.map(\.file), now: now) }
        try writePackage(to: path, collection: collection, media: deck.media.compactMap { item in files[item.name].map { (item.name, $0) } })
        let sounds = deck.media.filter { $0.kind == .sound }.count
        return ["Wrote \(Displayable.line(path)): \(deck.notes.count) notes, \(sounds) recordings, in the deck \(Displayable.line(deck.name))."]
            + deck.leftOut.map { Displayable.line("Left out for sharing: " + $0 + ".") } + lines
    }

    /// The recording's sonogram figure (titled with what it is and its credit), written as a PNG in
    /// `scratch`; its path.
    private static func sonogram(of recording: Recording, file: String, in scratch: ScratchFolder) async throws -> String {
        let spectrogram = try await SonogramMaker.spectrogram(of: .file(file), expectedSeconds: recording.duration)
        let found = RecordingSource.Found(source: .file(file), name: "XC" + recording.id, duration: recording.duration, recording: recording)
        let size = SonogramFigure.standardSize
        let figure = try SonogramFigure(spectrogram, title: SonogramJob.title(found) + SonogramBoxes.credits(found), width: size.width, height: size.height)
        let png = scratch.path + "/XC\(recording.id).png"
        try PNGImage.write(figure, to: png)
        return png
    }

    /// The zip: the collection, the media (numbered), and Anki's `media` list of each number's name.
    private static func writePackage(to path: String, collection: String, media: [(name: String, file: String)]) throws {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).part-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard let output = WholeFileWriter(final: target, temporary: temporary, expected: nil) else {
            throw CommandFailure(message: "chirper: cannot write \(Displayable.line(path)): \(String(cString: strerror(errno)))", exitCode: .usage)
        }
        var zip = StoredZip { output.append($0) }
        do {
            try zip.add("collection.anki2", try read(collection))
            for (number, item) in media.enumerated() { try zip.add(String(number), try read(item.file)) }
            let list: JSONValue = .object(Dictionary(uniqueKeysWithValues: media.enumerated().map { (String($0.offset), JSONValue.string($0.element.name)) }))
            try zip.add("media", Array(try JSONEncoder().encode(list)))
            try zip.finish()
        } catch let tooLarge as StoredZip.TooLarge {
            output.abandon()
            throw CommandFailure(message: "chirper: cannot write \(Displayable.line(path)): \(tooLarge).", exitCode: .usage)
        } catch {
            output.abandon()
            throw error
        }
        switch output.commit(replace: true) {
        case .placed: return
        case .failed(let why): throw CommandFailure(message: "chirper: cannot write \(Displayable.line(path)): \(why)", exitCode: .usage)
        case .wrongLength, .nameTaken: throw CommandFailure(message: "chirper: cannot write \(Displayable.line(path)).", exitCode: .usage)
        }
    }

    private static func read(_ file: String) throws -> [UInt8] {
        do { return try BoundedFile.read(file, limit: fileLimit) } catch {
            throw CommandFailure(message: "chirper: \(Displayable.line(file)): \(error)", exitCode: .playbackFailed)
        }
    }
}

extension AnkiDeck {
    var file: AnkiCollectionFile.Deck { AnkiCollectionFile.Deck(id: id, name: name, description: description) }

    static var noteType: AnkiCollectionFile.NoteType {
        AnkiCollectionFile.NoteType(id: noteTypeID, name: noteTypeName, fieldNames: fieldNames, question: question, answer: answer, style: style)
    }
}

extension AnkiDeck.Note {
    var file: AnkiCollectionFile.Note { AnkiCollectionFile.Note(id: id, guid: guid, fields: fields, tags: tags) }
}
