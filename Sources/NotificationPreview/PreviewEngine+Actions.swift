/// Which action buttons a platform shows (CONTRACT §6).
extension PreviewEngine {
    /// Actions shown when space is unlimited (Apple: "up to 10").
    public static let maximumActions = 10
    /// Actions CarPlay shows ("at most 2 when space is limited").
    public static let maximumCarPlayActions = 2

    /// The buttons of the expanded surface: none without a registered category; on CarPlay
    /// only with `allowInCarPlay`, at most 2, never text input; elsewhere up to 10, in order.
    static func expandedActions(
        _ category: CategoryResolution,
        _ profile: DeviceProfile,
        notes: inout [String]
    ) -> [ActionPreview] {
        guard let category = category.registeredCategory else { return [] }
        var actions = category.actions
        if profile.kind == .carPlay {
            guard category.allowsInCarPlay else {
                if !actions.isEmpty {
                    notes.append(
                        "CarPlay shows this category's actions only with the allowInCarPlay option.")
                }
                return []
            }
            if actions.contains(where: { $0.textInput != nil }) {
                notes.append("CarPlay never shows text-input actions.")
            }
            actions = Array(actions.filter { $0.textInput == nil }.prefix(maximumCarPlayActions))
        } else if actions.count > maximumActions {
            notes.append("Only the first \(maximumActions) of \(actions.count) actions are shown.")
            actions = Array(actions.prefix(maximumActions))
        }
        return actions.map(ActionPreview.init)
    }
}

extension ActionPreview {
    /// The button for `action`.
    init(_ action: PreviewAction) {
        self.init(
            identifier: action.identifier, title: action.title,
            style: action.destructive ? "destructive" : "default", textInput: action.textInput != nil,
            textInputPlaceholder: action.textInput?.placeholder,
            textInputButtonTitle: action.textInput?.buttonTitle,
            authenticationRequired: action.authenticationRequired, foreground: action.foreground,
            iconName: action.iconName)
    }
}
