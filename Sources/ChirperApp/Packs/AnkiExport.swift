import Audio
import ChirperCore
import DisplayText
import FoundationEssentials
import Glibc
import Library
import LibraryModel
import PlaybackModel
import Sonogram
import SystemAccess
import XenoCanto

/// `pack export NAME --anki FILE.apkg`: the pack as an Anki package, a zip of Anki's collection file,
/// the media list and the media (each recording's MP3 whole and its sonogram as a PNG). Written beside
/// `path` first and renamed over it only when whole, and only over a regular file.
enum AnkiExport {
    /// The largest recording put in a package.
    static let soundLimit = 512 << 20

    /// Writes the package and returns what to tell the listener.
    static func write(_ folder: PackFolder, name: String, to path: String, share: Bool, now: Double) async throws -> [String] {
        guard let listed = folder.listed() else {
            throw CommandFailure(message: "chirper: the pack \(name) has no pack.json: build it again.", exitCode: .noMatch)
        }
        let set = QuizSet(title: name, recordings: listed.objects.indices.compactMap { listed.recording($0).flatMap(folder.playable) })
        let names = Dictionary(set.names.species.map { ($0.scientific, $0.english ?? $0.scientific) }) { first, _ in first }
        let deck = AnkiDeck(pack: name, cards: set.recordings, names: names, families: set.families, share: share)
        guard !deck.notes.isEmpty else {
            throw CommandFailure(message: "chirper: the pack \(name) holds no recording with a file to put in a deck.", exitCode: .noMatch)
        }
        if let refusal = FileNames.refusal(toWrite: path) { throw CommandFailure(message: "chirper: cannot write the deck: \(refusal)", exitCode: .usage) }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let collection = scratch.path + "/collection.anki2"
        try LibraryAccess.run { () throws(LibraryError) in try AnkiCollectionFile.write(to: collection, deck: deck.file, noteType: AnkiDeck.noteType,
                                                                                       notes: deck.notes.map(\.file), now: now) }
        var lines: [String] = []
        var media: [(name: String, bytes: [UInt8])] = []
        for item in deck.media {
            guard case .file(let file)? = item.recording.audioSource else { continue }
            switch item.kind {
            case .sound:
                do { media.append((item.name, try BoundedFile.read(file, limit: soundLimit))) } catch {
                    throw CommandFailure(message: "chirper: XC\(item.recording.id): \(error)", exitCode: .playbackFailed)
                }
            case .sonogram:
                do { media.append((item.name, try await sonogram(of: item.recording, file: file, in: scratch))) } catch {
                    lines.append(Displayable.line("XC\(item.recording.id): no sonogram (\(error))"))
                }
            }
        }
        try writePackage(to: path, collection: try BoundedFile.read(collection, limit: soundLimit), media: media)
        let sounds = deck.media.filter { $0.kind == .sound }.count
        return ["Wrote \(Displayable.line(path)): \(deck.notes.count) notes, \(sounds) recordings, in the deck \(Displayable.line(deck.name))."]
            + deck.leftOut.map { "Left out for sharing: " + $0 + "." } + lines
    }

    /// The recording's sonogram figure (titled with what it is and its credit) as PNG bytes.
    private static func sonogram(of recording: Recording, file: String, in scratch: ScratchFolder) async throws -> [UInt8] {
        let spectrogram = try await SonogramMaker.spectrogram(of: .file(file), expectedSeconds: recording.duration)
        let found = RecordingSource.Found(source: .file(file), name: "XC" + recording.id, duration: recording.duration, recording: recording)
        let size = SonogramFigure.standardSize
        let figure = try SonogramFigure(spectrogram, title: SonogramJob.title(found) + SonogramBoxes.credits(found), width: size.width, height: size.height)
        let png = scratch.path + "/XC\(recording.id).png"
        try PNGImage.write(figure, to: png)
        return try BoundedFile.read(png, limit: soundLimit)
    }

    /// The zip: the collection, the media list (Anki's `media`: each entry's number to its name), the media.
    private static func writePackage(to path: String, collection: [UInt8], media: [(name: String, bytes: [UInt8])]) throws {
        let temporary = path + ".part-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure(message: "chirper: cannot write \(Displayable.line(path)): \(String(cString: strerror(errno)))", exitCode: .usage)
        }
        var closed = false
        defer { if !closed { close(descriptor) } }
        do {
            var zip = StoredZip(writingTo: descriptor)
            try zip.add("collection.anki2", collection)
            let list: JSONValue = .object(Dictionary(uniqueKeysWithValues: media.enumerated().map { (String($0.offset), JSONValue.string($0.element.name)) }))
            try zip.add("media", Array(try JSONEncoder().encode(list)))
            for (number, item) in media.enumerated() { try zip.add(String(number), item.bytes) }
            try zip.finish()
            guard fsync(descriptor) == 0 else { throw FileOutput.Failure.failed(errno: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw FileOutput.Failure.failed(errno: errno) }
            if let refusal = FileNames.refusal(toWrite: path) { throw CommandFailure(message: "chirper: cannot write the deck: \(refusal)", exitCode: .usage) }
            guard rename(temporary, path) == 0 else { throw FileOutput.Failure.failed(errno: errno) }
        } catch let failure as CommandFailure {
            unlink(temporary)
            throw failure
        } catch {
            unlink(temporary)
            throw CommandFailure(message: "chirper: cannot write \(Displayable.line(path)): \(error)", exitCode: .usage)
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
