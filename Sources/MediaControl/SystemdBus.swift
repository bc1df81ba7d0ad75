import CSystemd
import SystemAccess

/// sd-bus's functions (libsystemd), looked up when a player first offers itself on the session bus
/// (`SharedLibrary`), not linked: a play that never reaches its first sound, and every command that
/// plays nothing, never loads libsystemd. Only the calls that take no C variadic arguments, so that
/// Swift can call each through its address; each type is held to sd-bus.h (libsystemd-dev) by a test.
///
/// `@unchecked Sendable`: immutable addresses of C functions in a library that is never closed.
struct SystemdBus: @unchecked Sendable {
    typealias Bus = OpaquePointer
    typealias Message = OpaquePointer
    /// `sd_bus_message_handler_t`: the message, the userdata, the error to fill; > 0 when handled.
    typealias Handler = @convention(c) (Message?, UnsafeMutableRawPointer?, UnsafeMutablePointer<sd_bus_error>?) -> Int32

    let openUser: @convention(c) (UnsafeMutablePointer<Bus?>?) -> Int32
    let requestName: @convention(c) (Bus?, UnsafePointer<CChar>?, UInt64) -> Int32
    let addObject: @convention(c) (Bus?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, Handler?, UnsafeMutableRawPointer?) -> Int32
    let getFD: @convention(c) (Bus?) -> Int32
    let getEvents: @convention(c) (Bus?) -> Int32
    let getTimeout: @convention(c) (Bus?, UnsafeMutablePointer<UInt64>?) -> Int32
    let process: @convention(c) (Bus?, UnsafeMutablePointer<Message?>?) -> Int32
    let flushCloseUnref: @convention(c) (Bus?) -> Bus?
    let send: @convention(c) (Bus?, Message?, UnsafeMutablePointer<UInt64>?) -> Int32

    let messageInterface: @convention(c) (Message?) -> UnsafePointer<CChar>?
    let messageMember: @convention(c) (Message?) -> UnsafePointer<CChar>?
    let messageExpectsReply: @convention(c) (Message?) -> Int32
    let messageReadBasic: @convention(c) (Message?, CChar, UnsafeMutableRawPointer?) -> Int32
    let messageNewMethodReturn: @convention(c) (Message?, UnsafeMutablePointer<Message?>?) -> Int32
    let messageNewSignal: @convention(c) (Bus?, UnsafeMutablePointer<Message?>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let messageAppendBasic: @convention(c) (Message?, CChar, UnsafeRawPointer?) -> Int32
    let messageOpenContainer: @convention(c) (Message?, CChar, UnsafePointer<CChar>?) -> Int32
    let messageCloseContainer: @convention(c) (Message?) -> Int32
    let messageUnref: @convention(c) (Message?) -> Message?

    private init(_ library: SharedLibrary) throws(SharedLibraryMissing) {
        openUser = try library.function("sd_bus_open_user")
        requestName = try library.function("sd_bus_request_name")
        addObject = try library.function("sd_bus_add_object")
        getFD = try library.function("sd_bus_get_fd")
        getEvents = try library.function("sd_bus_get_events")
        getTimeout = try library.function("sd_bus_get_timeout")
        process = try library.function("sd_bus_process")
        flushCloseUnref = try library.function("sd_bus_flush_close_unref")
        send = try library.function("sd_bus_send")
        messageInterface = try library.function("sd_bus_message_get_interface")
        messageMember = try library.function("sd_bus_message_get_member")
        messageExpectsReply = try library.function("sd_bus_message_get_expect_reply")
        messageReadBasic = try library.function("sd_bus_message_read_basic")
        messageNewMethodReturn = try library.function("sd_bus_message_new_method_return")
        messageNewSignal = try library.function("sd_bus_message_new_signal")
        messageAppendBasic = try library.function("sd_bus_message_append_basic")
        messageOpenContainer = try library.function("sd_bus_message_open_container")
        messageCloseContainer = try library.function("sd_bus_message_close_container")
        messageUnref = try library.function("sd_bus_message_unref")
    }

    /// Opened once, by the first player that offers itself.
    static let loaded = SharedLibrary.functions("libsystemd.so.0", package: "libsystemd0", SystemdBus.init)

    /// A D-Bus type code as sd-bus takes it: "s" → 's'.
    static func code(_ type: Unicode.Scalar) -> CChar { CChar(UInt8(ascii: type)) }

    /// Reads a string (or object path) argument; nil when the message has none there.
    func readString(_ message: Message?, _ type: Unicode.Scalar = "s") -> String? {
        var text: UnsafePointer<CChar>?
        guard messageReadBasic(message, Self.code(type), &text) > 0, let text else { return nil }
        return String(cString: text)
    }

    /// Reads a 64-bit integer argument.
    func readInt64(_ message: Message?) -> Int64? {
        var value: Int64 = 0
        guard messageReadBasic(message, Self.code("x"), &value) > 0 else { return nil }
        return value
    }

    /// Appends `value` (its signature's container opened and closed around what it holds).
    @discardableResult
    func append(_ value: BusValue, to message: Message?) -> Bool {
        switch value {
        case .string(let text): return text.withCString { messageAppendBasic(message, Self.code("s"), $0) } >= 0
        case .objectPath(let path): return path.withCString { messageAppendBasic(message, Self.code("o"), $0) } >= 0
        case .int64(var number): return messageAppendBasic(message, Self.code("x"), &number) >= 0
        case .double(var number): return messageAppendBasic(message, Self.code("d"), &number) >= 0
        case .boolean(let truth):
            var number: Int32 = truth ? 1 : 0
            return messageAppendBasic(message, Self.code("b"), &number) >= 0
        case .strings(let texts):
            guard messageOpenContainer(message, Self.code("a"), "s") >= 0 else { return false }
            for text in texts where !append(.string(text), to: message) { return false }
            return messageCloseContainer(message) >= 0
        case .dictionary(let entries):
            guard messageOpenContainer(message, Self.code("a"), "{sv}") >= 0 else { return false }
            for entry in entries {
                guard messageOpenContainer(message, Self.code("e"), "sv") >= 0, append(.string(entry.key), to: message),
                      appendVariant(entry.value, to: message), messageCloseContainer(message) >= 0 else { return false }
            }
            return messageCloseContainer(message) >= 0
        }
    }

    /// Appends `value` as a variant ("v").
    func appendVariant(_ value: BusValue, to message: Message?) -> Bool {
        messageOpenContainer(message, Self.code("v"), value.signature) >= 0 && append(value, to: message)
            && messageCloseContainer(message) >= 0
    }
}
