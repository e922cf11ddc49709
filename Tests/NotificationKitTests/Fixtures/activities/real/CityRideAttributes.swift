// swift-format-ignore-file
import ActivityKit
import Combine
import SwiftUI

/// A ride-hailing activity among the app's other declarations: a manager class, a protocol,
/// extensions of system types and SwiftUI views with their property wrappers.
public struct CityRideAttributes: ActivityAttributes, Codable {
    public typealias RideStatus = ContentState

    public struct ContentState: Codable & Hashable {
        public var stage: Stage
        public var driverETA: Int
        public var plate: String?

        public init(stage: Stage, driverETA: Int, plate: String?) {
            self.stage = stage
            self.driverETA = driverETA
            self.plate = plate
        }
    }

    public enum Stage: UInt8, Codable, Hashable {
        case requested = 1
        case matched
        case arriving
        case onTrip = 10
        case finished
    }

    public let pickup: String

    public init(pickup: String) { self.pickup = pickup }
}

protocol RideTracking: AnyObject {
    var current: CityRideAttributes.ContentState? { get set }
    func refresh() async throws
}

final class RideActivityManager: ObservableObject, RideTracking {
    @Published var current: CityRideAttributes.ContentState?
    private var cancellables = Set<AnyCancellable>()
    static let shared = RideActivityManager()

    func refresh() async throws {
        let url = URL(string: "https://example.com/rides/\(UUID().uuidString)")!
        _ = url
    }
}

extension Color {
    static let rideAccent = Color(red: 0.1, green: 0.6, blue: 0.4)
}

extension Date {
    var shortTime: String { formatted(date: .omitted, time: .shortened) }
}

struct RideStageView: View {
    @Environment(\.colorScheme) var colorScheme
    @State private var expanded = false
    let state: CityRideAttributes.ContentState

    var body: some View {
        HStack {
            Text(state.plate ?? "—")
            Spacer()
            Text("\(state.driverETA) min")
        }
        .foregroundStyle(colorScheme == .dark ? .white : .black)
        .onTapGesture { expanded.toggle() }
    }
}
