import ChirperCore
import DisplayText
import FoundationEssentials
import LibraryModel
import PlaybackModel
import XenoCanto

/// `marks X`, `marks import TABLE --on X`, `marks export X`, `marks edit X N`, `marks rm X N…`: the
/// regions a listener marked on a recording or a file (with `m` while it plays, or from another tool's
/// table), kept in the library, and the annotations xeno-canto sent with the recording.
public enum MarksJob {
    /// What `marks export` writes.
    public enum ExportFormat: Sendable, Equatable {
        /// Audacity's label track; `bands`: with a band line under each label.
        case audacity(bands: Bool)
        case raven
        /// One of xeno-canto's annotation sets.
        case json
    }

    /// `only`: the annotations of this taxon or sound type alone.
    public static func show(_ argument: String, only: String? = nil, api: APIChoice, paths: LibraryPaths = .standard()) async throws {
        let subject = try MarkSubjects.named(argument)
        let library = try LibraryAccess.open(paths)
        let marks = try LibraryAccess.run { () throws(LibraryError) in try library.marks(on: subject) }
        var lines: [String] = []
        if case .recording(let number) = subject {
            switch await MarkedRecording.lookup(number, library: library, api: api) {
            case .found(let recording):
                lines.append(ListJob.line(recording))
                let sounds = recording.annotatedSounds.filter { AnnotationFilter.keeps($0, only) }
                let annotations = recording.annotatedSounds.isEmpty ? recording.annotations : Recording.lines(of: sounds)
                if !annotations.isEmpty { lines += ["Annotations sent with it:"] + annotations.map { "  " + $0 } }
            case .unknown(let reason):
                StandardError.write("chirper: its annotations are not shown: \(reason)")
            }
        } else {
            lines.append(Displayable.line(subject.key))
        }
        guard !marks.isEmpty else {
            StandardOutput.write(lines + ["No marks: press m while it plays (again to end a region), or chirper marks import TABLE --on \(Displayable.line(argument))."]
                                 + movedHere(subject, library: library))
            return
        }
        StandardOutput.write(lines + ["Marks:"] + marks.enumerated().map { "  " + MarkLines.line($0.element.region, number: $0.offset + 1) })
    }

    /// The marks as a table, on standard output or in `output`. A region without a band is given the
    /// recording's whole range (half its sample rate).
    public static func export(_ argument: String, as format: ExportFormat, to output: String?, api: APIChoice,
                              paths: LibraryPaths = .standard()) async throws {
        let subject = try MarkSubjects.named(argument)
        let library = try LibraryAccess.open(paths)
        // A mark without a label is named by its number: the readers of both tables take an empty label for a missing one.
        let regions = try LibraryAccess.run { () throws(LibraryError) in try library.marks(on: subject) }.enumerated().map { index, mark in
            var region = mark.region
            if region.label.isEmpty { region.label = "mark \(index + 1)" }
            return region
        }
        var fullBand = MarkLines.fullBand(sampleRate: nil)
        var recording: Recording?
        if case .recording(let number) = subject, regions.contains(where: { $0.band == nil }) || format == .json,
           case .found(let found) = await MarkedRecording.lookup(number, library: library, api: api) {
            fullBand = MarkLines.fullBand(sampleRate: found.sampleRate)
            recording = found
        }
        let text: String
        switch format {
        case .audacity(let bands): text = AudacityLabels.text(regions, bands: bands ? fullBand : nil)
        case .raven: text = RavenTable.text(regions, fullBand: fullBand)
        case .json:
            let number: String? = if case .recording(let number) = subject { number } else { nil }
            text = AnnotationSetJSON.text(regions, number: number, taxon: recording?.scientificName)
        }
        guard let output, output != "-" else {
            StandardOutput.raw(text)
            return
        }
        try TextFiles.write(text, to: output, failing: .usage)
        StandardError.write("Wrote \(regions.count) mark\(regions.count == 1 ? "" : "s") of \(Displayable.line(subject.key)) to \(Displayable.line(output)).")
    }

    /// A Raven selection table, Audacity labels or annotation sets in JSON (told apart by Raven's header
    /// and JSON's bracket) kept as marks on the subject, in one change; a region already there the same
    /// is not kept twice.
    public static func importTable(_ path: String, on argument: String, paths: LibraryPaths = .standard()) throws {
        let subject = try MarkSubjects.named(argument)
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: BoundedFile.speciesLimit) } catch {
            throw CommandFailure(message: "chirper: \(error).", exitCode: .usage)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(message: "chirper: \(Displayable.line(path)) is not UTF-8 text: nothing imported.", exitCode: .usage)
        }
        let kind = ImportedTable(text)
        let regions: [MarkedRegion]
        do throws(MarkTableProblem) {
            regions = try kind.regions(in: text, bytes: bytes)
        } catch {
            throw CommandFailure(message: "chirper: \(Displayable.line(path)), \(error): nothing imported.", exitCode: .usage)
        }
        let library = try LibraryAccess.open(paths)
        let held = try LibraryAccess.run { () throws(LibraryError) in try library.marks(on: subject) }.map(\.region)
        var seen = Set<MarkedRegion>()
        let new = regions.filter { region in seen.insert(region).inserted && !held.contains { MarkLines.same(region, as: $0) } }
        _ = try LibraryAccess.run { () throws(LibraryError) in try library.add(marks: new, on: subject) }
        let again = regions.count - new.count
        StandardOutput.write(["Imported \(new.count) mark\(new.count == 1 ? "" : "s") onto \(Displayable.line(subject.key)) from \(kind.name)"
                              + (again > 0 ? " (\(again) there already)." : ".")])
    }

    /// Mark `number` (as `marks X` numbers them) given a label, a band, or its band taken off.
    public static func edit(_ argument: String, number: Int, label: String?, band: ClosedRange<Double>?, noBand: Bool,
                            paths: LibraryPaths = .standard()) throws {
        let (library, mark) = try numbered(argument, number, paths: paths)
        var region = mark.region
        if let label { region.label = Displayable.line(label.trimmed) }
        if band != nil || noBand {
            guard let banded = region.with(band: noBand ? nil : band) else {
                throw CommandFailure(message: "chirper: a band is from 0 to 1000000 Hz, low to high.", exitCode: .usage)
            }
            region = banded
        }
        guard try LibraryAccess.run({ () throws(LibraryError) in try library.change(mark: mark.id, to: region) }) else {
            throw CommandFailure(message: "chirper: mark \(number) was taken off meanwhile: nothing changed.", exitCode: .noMatch)
        }
        StandardOutput.write(["  " + MarkLines.line(region, number: number)])
    }

    public static func remove(_ argument: String, numbers: [Int], paths: LibraryPaths = .standard()) throws {
        let subject = try MarkSubjects.named(argument)
        let library = try LibraryAccess.open(paths)
        let marks = try LibraryAccess.run { () throws(LibraryError) in try library.marks(on: subject) }
        guard let wrong = numbers.first(where: { !(1...max(1, marks.count)).contains($0) || marks.isEmpty }) else {
            var removed = 0
            for number in Set(numbers) where try LibraryAccess.run({ () throws(LibraryError) in try library.removeMark(id: marks[number - 1].id) }) {
                removed += 1
            }
            StandardOutput.write(["Took off \(removed) of the \(marks.count) marks on \(Displayable.line(subject.key))."])
            if removed < Set(numbers).count { throw CommandFailure(message: "chirper: some were taken off meanwhile.", exitCode: .noMatch) }
            return
        }
        throw noSuchMark(wrong, of: marks.count, argument)
    }

    /// `marks move FROM TO`: the marks kept on a file's old path put on its new one (or on an XC number).
    public static func move(from old: String, to new: String, paths: LibraryPaths = .standard()) throws {
        let from = try MarkSubjects.named(old, mayBeGone: true)
        let to = try MarkSubjects.named(new)
        guard from != to else { throw CommandFailure(message: "chirper: those name the same place: nothing moved.", exitCode: .usage) }
        let library = try LibraryAccess.open(paths)
        let moved = try LibraryAccess.run { () throws(LibraryError) in try library.moveMarks(from: from, to: to) }
        guard moved > 0 else {
            throw CommandFailure(message: "chirper: no marks are kept on \(Displayable.line(from.key)): nothing moved.", exitCode: .noMatch)
        }
        StandardOutput.write(["Moved \(moved) mark\(moved == 1 ? "" : "s") from \(Displayable.line(from.key)) to \(Displayable.line(to.key))."])
    }

    /// For a file without marks: the files of the same name, gone from where their marks are kept, and
    /// the command that brings their marks here.
    private static func movedHere(_ subject: MarkSubject, library: any LibraryStore) -> [String] {
        guard case .file(let path) = subject, let name = path.split(separator: "/").last else { return [] }
        let gone = ((try? library.markedFiles()) ?? []).filter { kept in
            kept.split(separator: "/").last == name && !FileManager.default.fileExists(atPath: kept)
        }
        return gone.prefix(5).map { kept in
            "Marks are kept on \(Displayable.line(kept)), which is gone: chirper marks move \(ShellWord.escaped(kept)) \(ShellWord.escaped(path)) puts them here."
        }
    }

    /// The loop of mark `number`'s region (`play --loop-mark`); a point is refused.
    public static func loopSection(mark number: Int, of argument: String, paths: LibraryPaths = .standard()) throws(CommandFailure) -> LoopSection {
        let (_, mark) = try numbered(argument, number, paths: paths)
        guard let section = LoopSection(start: mark.region.start, end: mark.region.end) else {
            throw CommandFailure(message: "chirper: mark \(number) is \(mark.region.isPoint ? "a point" : "shorter than \(LoopSection.shortest) s"): only a region loops (m twice while it plays, or chirper marks import).",
                                 exitCode: .usage)
        }
        return section
    }

    private static func numbered(_ argument: String, _ number: Int, paths: LibraryPaths) throws(CommandFailure) -> (any LibraryStore, StoredMark) {
        let subject = try MarkSubjects.named(argument)
        let library = try LibraryAccess.open(paths)
        let marks = try LibraryAccess.run { () throws(LibraryError) in try library.marks(on: subject) }
        guard (1...max(1, marks.count)).contains(number), !marks.isEmpty else { throw noSuchMark(number, of: marks.count, argument) }
        return (library, marks[number - 1])
    }

    private static func noSuchMark(_ number: Int, of count: Int, _ argument: String) -> CommandFailure {
        CommandFailure(message: "chirper: there is no mark \(number) (\(count) on it: chirper marks \(Displayable.line(argument)) numbers them).",
                       exitCode: .noMatch)
    }
}

/// The kinds of file `marks import` reads, told apart by their first characters.
enum ImportedTable {
    case raven, audacity, annotationSets

    init(_ text: String) {
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }.first
        if start == "[" || start == "{" {
            self = .annotationSets
        } else {
            self = text.split(maxSplits: 1, whereSeparator: \.isNewline).first?.contains("Begin Time") ?? false ? .raven : .audacity
        }
    }

    var name: String {
        switch self {
        case .raven: "a Raven selection table"
        case .audacity: "Audacity labels"
        case .annotationSets: "annotation sets in JSON"
        }
    }

    func regions(in text: String, bytes: [UInt8]) throws(MarkTableProblem) -> [MarkedRegion] {
        switch self {
        case .raven: return try RavenTable.regions(in: text)
        case .audacity: return try AudacityLabels.regions(in: text)
        case .annotationSets:
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else {
                throw MarkTableProblem(line: 0, reason: "it is not valid JSON")
            }
            return try AnnotationSetJSON.regions(in: json)
        }
    }
}
