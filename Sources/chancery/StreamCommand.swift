import ArgumentParser

/// `chancery stream`: sends and watches realtime telemetry through a running server's iSCP v2
/// endpoint, as a device or a viewer would.
struct StreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream",
        abstract: "Send points to a running server, or watch them live, over iSCP v2.",
        discussion: """
            Points are lines `elapsed,data_type,data_name,value`: elapsed in seconds since the \
            measurement's base time (up to 9 decimals); value a number for float64 and int64, \
            the rest of the line for string, hexadecimal bytes for any other type.

            Examples:
              CHANCERY_EDGE_SECRET=… chancery stream up --url http://127.0.0.1:8080 --edge 6f1c… < points.csv
              CHANCERY_TOKEN=… chancery stream down --url http://127.0.0.1:8080 --filter '6f1c…:float64:1/#' --count 10
            """,
        subcommands: [Up.self, Down.self]
    )
}
