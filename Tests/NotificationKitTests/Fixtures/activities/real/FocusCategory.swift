// swift-format-ignore-file
import Foundation

/// Shared between the app and the widget extension.
public enum FocusCategory: String, Codable, CaseIterable, Hashable {
    case deepWork = "deep-work"
    case reading
    case exercise

    public var title: String {
        switch self {
        case .deepWork: "Deep work"
        case .reading: "Reading"
        case .exercise: "Exercise"
        }
    }
}
