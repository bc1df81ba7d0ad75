import Library
import LibraryModel
import XenoCanto

// `chirper-library`: the library's process. chirper starts it when a command needs the library and
// sends it one request a line; it answers each on one line and ends when its input ends. The library
// is opened at the first request; a library that cannot be opened answers every request with why.

let paths = LibraryPaths.standard()
var opened: Result<SQLiteLibrary, LibraryError>?
while let line = readLine(strippingNewline: true) {
    if opened == nil {
        do throws(LibraryError) { opened = .success(try SQLiteLibrary(paths: paths)) } catch { opened = .failure(error) }
    }
    let answer: String
    switch opened {
    case .success(let library): answer = LibraryService(store: library).answer(line: line)
    case .failure(let error): answer = LibraryService.line(.failed(error))
    case nil: answer = LibraryService.line(.failed(.unusable(path: paths.database.path, reason: "not opened")))
    }
    FileOutput.write(answer + "\n", to: 1)
}
