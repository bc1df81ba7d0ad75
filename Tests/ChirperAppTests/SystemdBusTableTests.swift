import CSystemd
@testable import MediaControl
import SystemAccess
import Testing

/// `SystemdBus`, sd-bus's function table: each entry, looked up by name at run time, has the type Swift
/// imports from sd-bus.h for that name (else this file does not compile: a wrong parameter would compile
/// in the table and crash at the call), and is the very function the linker binds to that name. This
/// test binary links libsystemd to see the declarations; the player does not.
struct SystemdBusTableTests {
    @Test func everyFunctionIsTheOneItsHeaderDeclares() throws {
        let bus = try SystemdBus.loaded.get()
        same(bus.openUser, sd_bus_open_user, "sd_bus_open_user")
        same(bus.requestName, sd_bus_request_name, "sd_bus_request_name")
        same(bus.addObject, sd_bus_add_object, "sd_bus_add_object")
        same(bus.getFD, sd_bus_get_fd, "sd_bus_get_fd")
        same(bus.getEvents, sd_bus_get_events, "sd_bus_get_events")
        same(bus.getTimeout, sd_bus_get_timeout, "sd_bus_get_timeout")
        same(bus.process, sd_bus_process, "sd_bus_process")
        same(bus.flushCloseUnref, sd_bus_flush_close_unref, "sd_bus_flush_close_unref")
        same(bus.send, sd_bus_send, "sd_bus_send")
        same(bus.messageInterface, sd_bus_message_get_interface, "sd_bus_message_get_interface")
        same(bus.messageMember, sd_bus_message_get_member, "sd_bus_message_get_member")
        same(bus.messageExpectsReply, sd_bus_message_get_expect_reply, "sd_bus_message_get_expect_reply")
        same(bus.messageReadBasic, sd_bus_message_read_basic, "sd_bus_message_read_basic")
        same(bus.messageNewMethodReturn, sd_bus_message_new_method_return, "sd_bus_message_new_method_return")
        same(bus.messageNewSignal, sd_bus_message_new_signal, "sd_bus_message_new_signal")
        same(bus.messageAppendBasic, sd_bus_message_append_basic, "sd_bus_message_append_basic")
        same(bus.messageOpenContainer, sd_bus_message_open_container, "sd_bus_message_open_container")
        same(bus.messageCloseContainer, sd_bus_message_close_container, "sd_bus_message_close_container")
        same(bus.messageUnref, sd_bus_message_unref, "sd_bus_message_unref")
    }

    private func same<F>(_ looked: F, _ declared: F, _ name: String) {
        #expect(SharedLibrary.same(looked, declared) == true, "\(name): \(F.self)")
    }
}
