import Glibc

/// write(2) until every byte is out, or why not: the reader went away (a closed pipe), or the write
/// failed (a full disk, an I/O error), told apart because a program that printed into `| head` has
/// nothing to report, and one whose output was lost has.
public enum FileOutput {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The pipe's reader closed it (EPIPE).
        case readerGone
        /// write(2) failed with `errno`.
        case failed(errno: Int32)

        public var description: String {
            switch self {
            case .readerGone: "the reader closed the pipe"
            case .failed(let code): String(cString: strerror(code))
            }
        }
    }

    public static func write(_ text: String, to descriptor: Int32) throws(Failure) {
        var text = text
        let failure: Failure? = text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let wrote = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if wrote < 0 && errno == EINTR { continue }
                if wrote < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    // A descriptor left non-blocking (a terminal shared with another program): wait for room.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                guard wrote > 0 else {
                    let code = wrote == 0 ? EIO : errno
                    return code == EPIPE ? .readerGone : .failed(errno: code)
                }
                done += wrote
            }
            return nil
        }
        if let failure { throw failure }
    }
}
