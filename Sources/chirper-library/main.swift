import FoundationEssentials
import Library
import LibraryModel
import XenoCanto

// `chirper-library FOLDER`: the library's process. chirper starts it when a command needs the library
// and sends it one request a line; it answers each on one line and ends when its input ends. The
// library is opened at the first request; one that cannot be opened (busy, damaged) answers that
// request with why, and is tried again at the next.

let paths = CommandLine.arguments.count > 1
    ? LibraryPaths(folder: URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true))
    : LibraryPaths.standard()
var opened: SQLiteLibrary?
while let line = readLine(strippingNewline: true) {
    let answer: String
    if opened == nil {
        do throws(LibraryError) { opened = try SQLiteLibrary(paths: paths) } catch {
            FileOutput.write(LibraryService.line(.failed(error)) + "\n", to: 1)
            continue
        }
    }
    answer = opened.map { LibraryService(store: $0).answer(line: line) } ?? LibraryService.line(.failed(.unusable(path: paths.database.path, reason: "not opened")))
    FileOutput.write(answer + "\n", to: 1)
}
