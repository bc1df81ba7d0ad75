extension MediaPlayerBus {
    /// What Introspect answers: the interfaces the player's path has, as MPRIS 2.2 defines the two of its
    /// own (Volume and Rate read only: Chirper's volume and speed are its keys'). The properties are
    /// those Get and GetAll answer with, so the two cannot differ.
    static var introspection: String { """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
      <interface name="org.freedesktop.DBus.Introspectable">
        <method name="Introspect"><arg name="xml" type="s" direction="out"/></method>
      </interface>
      <interface name="org.freedesktop.DBus.Properties">
        <method name="Get">
          <arg name="interface" type="s" direction="in"/><arg name="name" type="s" direction="in"/>
          <arg name="value" type="v" direction="out"/>
        </method>
        <method name="GetAll">
          <arg name="interface" type="s" direction="in"/><arg name="properties" type="a{sv}" direction="out"/>
        </method>
        <method name="Set">
          <arg name="interface" type="s" direction="in"/><arg name="name" type="s" direction="in"/>
          <arg name="value" type="v" direction="in"/>
        </method>
        <signal name="PropertiesChanged">
          <arg name="interface" type="s"/><arg name="changed" type="a{sv}"/><arg name="invalidated" type="as"/>
        </signal>
      </interface>
      <interface name="org.mpris.MediaPlayer2">
        <method name="Raise"/>
        <method name="Quit"/>
    \(properties(MediaPlayerState.rootProperties))
      </interface>
      <interface name="org.mpris.MediaPlayer2.Player">
        <method name="Next"/>
        <method name="Previous"/>
        <method name="Pause"/>
        <method name="PlayPause"/>
        <method name="Stop"/>
        <method name="Play"/>
        <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
        <method name="SetPosition">
          <arg name="TrackId" type="o" direction="in"/><arg name="Position" type="x" direction="in"/>
        </method>
        <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
        <signal name="Seeked"><arg name="Position" type="x"/></signal>
    \(properties(MediaPlayerState().playerProperties))
      </interface>
    </node>
    """ }

    /// Each property's element, read only, its type from its value.
    private static func properties(_ entries: [BusEntry]) -> String {
        entries.map { "    <property name=\"\($0.key)\" type=\"\($0.value.signature)\" access=\"read\"/>" }
            .joined(separator: "\n")
    }
}
