import Foundation
import Storage

/// A test device as entered on the page, in the API or at the command line, checked field by
/// field: every problem at its field, never a guess. The environment in particular must be
/// chosen: a sandbox token sent to production fails with `BadDeviceToken`, and nothing in a
/// token says which one it is.
public struct TestDeviceInput: Sendable, Equatable {
    /// The platforms a test device may be.
    public static let platforms = ["iOS", "iPadOS", "watchOS", "macOS", "tvOS", "visionOS"]
    /// The longest device name.
    public static let maximumNameLength = 64

    public let name: String
    public let token: String
    public let environment: String
    public let bundleID: String
    public let platform: String

    /// Checks the entered text; throws every field's error at once.
    public init(
        name: String, token: String, environment: String, bundleID: String, platform: String
    ) throws(DeviceInputErrors) {
        var errors: [DeviceInputError] = []
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            errors.append(
                DeviceInputError(field: "name", message: "Name the device (for example “Anna’s iPhone”)."))
        } else if name.count > Self.maximumNameLength
            || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            errors.append(
                DeviceInputError(
                    field: "name",
                    message:
                        "A device name is at most \(Self.maximumNameLength) characters, without control characters."
                ))
        }
        var checkedToken = ""
        switch DeviceTokenText.token(in: token) {
        case .success(let found): checkedToken = found
        case .failure(let error): errors.append(error)
        }
        if !["sandbox", "production"].contains(environment) {
            errors.append(
                DeviceInputError(
                    field: "environment",
                    message:
                        "Choose the environment: Sandbox for an app run from Xcode, Production for TestFlight and "
                        + "the App Store. A token of one does not work in the other."))
        }
        var checkedBundleID = ""
        do {
            if let identifier = try WorkspaceSettings.checkedBundleID(bundleID) {
                checkedBundleID = identifier
            } else {
                errors.append(
                    DeviceInputError(
                        field: "bundleID", message: "Enter the app's bundle ID (com.example.app)."))
            }
        } catch {
            errors.append(DeviceInputError(field: "bundleID", message: error.message))
        }
        if !Self.platforms.contains(platform) {
            errors.append(
                DeviceInputError(
                    field: "platform",
                    message: "Choose the platform: " + Self.platforms.joined(separator: ", ") + "."))
        }
        guard errors.isEmpty else { throw DeviceInputErrors(errors: errors) }
        self.name = name
        self.token = checkedToken
        self.environment = environment
        self.bundleID = checkedBundleID
        self.platform = platform
    }
}

/// Every refused field of one input, each at its field.
public struct DeviceInputErrors: Error, Sendable, Equatable {
    /// The errors, in the order of the form's fields.
    public let errors: [DeviceInputError]

    /// The messages by field (the first one per field), as pages show them.
    public var byField: [String: String] {
        var fields: [String: String] = [:]
        for error in errors where fields[error.field] == nil { fields[error.field] = error.message }
        return fields
    }
}
