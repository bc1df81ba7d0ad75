import Glibc

/// write(2) until every byte is out; a closed pipe or a full disk ends the attempt quietly (the reader
/// that went away cannot be told).
public enum FileOutput {
    public static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let wrote = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if wrote < 0 && errno == EINTR { continue }
                guard wrote > 0 else { return }
                done += wrote
            }
        }
    }
}
