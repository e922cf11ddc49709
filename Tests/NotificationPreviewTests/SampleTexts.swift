@testable import NotificationPreview

/// Texts the tests lay out: real-world English, Czech and Vietnamese notification bodies.
enum SampleTexts {
    /// A shipping update in English.
    static let english =
        "Your order #4821 has shipped! Track your package in the app to see when it arrives — "
        + "most deliveries in your area take 2–3 business days. Questions? Reply to this message "
        + "and our support team will help you right away."
    /// A chat message in Czech (háčky, čárky, kroužek).
    static let czech =
        "Anna: Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? Lístky jsou už koupené a sraz "
        + "je v sedm u vchodu. Příliš žluťoučký kůň úpěl ďábelské ódy, tak nezapomeň deštník."
    /// A paragraph of Vietnamese (stacked diacritics).
    static let vietnamese =
        "Khi người dùng nhận được thông báo và nhấn giữ lâu, các nút được xác định bởi danh mục sẽ "
        + "xuất hiện. Điều này làm cho thông báo trở nên tương tác và cho phép người dùng thực hiện "
        + "hành động nhanh chóng mà không cần mở ứng dụng."

    /// The three bodies with a title each, keyed by a short language name.
    static let languages: [(name: String, title: String, body: String)] = [
        ("english", "Order shipped", english),
        ("czech", "Nová zpráva", czech),
        ("vietnamese", "Thông báo mới", vietnamese),
    ]

    /// A message category with a text-input reply and a destructive delete (CONTRACT §5).
    static func messageCategory(allowsInCarPlay: Bool = false) -> PreviewCategory {
        PreviewCategory(
            identifier: "message",
            actions: [
                PreviewAction(
                    identifier: "reply", title: "Odpovědět", foreground: true,
                    textInput: .init(buttonTitle: "Odeslat", placeholder: "Zadejte zprávu...")),
                PreviewAction(
                    identifier: "delete", title: "Smazat", destructive: true, authenticationRequired: true,
                    iconName: "trash"),
                PreviewAction(identifier: "later", title: "Připomenout později"),
            ],
            allowsInCarPlay: allowsInCarPlay,
            hiddenPreviewsBodyPlaceholder: "%u nových zpráv")
    }
}
