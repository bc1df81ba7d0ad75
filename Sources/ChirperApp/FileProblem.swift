import FoundationEssentials
import Glibc

/// A file-system error in a person's words: errno's sentence ("Permission denied") when the error
/// carries one, as Foundation's `localizedDescription` gave, without full Foundation.
enum FileProblem {
    static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError, let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)"
    }
}
