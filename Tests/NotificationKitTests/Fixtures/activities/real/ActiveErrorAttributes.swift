// swift-format-ignore-file
import ActivityKit

#if os(iOS)
#error("This target is macOS only")
#endif

struct ActiveErrorAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var x: Int }
}
