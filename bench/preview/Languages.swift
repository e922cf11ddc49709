import Localization
import NotificationKit
import NotificationPreview

// The language matrix of issue 27: a 200-byte localized push (`title-loc-key`, `loc-key` with
// two arguments) resolved in each of 10 languages of a catalog as iOS does, and the matrix of
// every device × surface computed for each: what `POST /api/v1/preview?device=all&languages=all`
// computes after validation. The target is under 10 ms of CPU for all 10 languages.

/// The texts of the two keys in 10 languages (written for this bench).
let languageTexts: [(String, String, String)] = [
    (
        "en", "Weekend offer: fresh roasted coffee",
        "%1$@ will bring your order at %2$@. Tap to follow the courier."
    ),
    (
        "cs", "Víkendová nabídka: čerstvě pražená káva",
        "V %2$@ k vám dorazí kurýr %1$@. Klepněte a sledujte ho."
    ),
    (
        "de", "Wochenendangebot: frisch gerösteter Kaffee",
        "%1$@ liefert Ihre Bestellung um %2$@. Tippen zum Verfolgen."
    ),
    ("vi", "Ưu đãi cuối tuần: cà phê rang mới", "%1$@ sẽ giao đơn hàng lúc %2$@. Chạm để theo dõi."),
    (
        "ru", "Предложение выходного дня: свежий кофе",
        "%1$@ доставит ваш заказ в %2$@. Нажмите, чтобы следить."
    ),
    ("el", "Προσφορά Σαββατοκύριακου: φρέσκος καφές", "Ο %1$@ θα φέρει την παραγγελία σας στις %2$@."),
    ("ar", "عرض نهاية الأسبوع: قهوة طازجة", "سيصل %1$@ بطلبك في %2$@. اضغط للمتابعة."),
    ("hi", "सप्ताहांत ऑफ़र: ताज़ी भुनी कॉफ़ी", "%1$@ आपका ऑर्डर %2$@ बजे लाएगा। ट्रैक करने के लिए टैप करें।"),
    ("th", "ข้อเสนอสุดสัปดาห์: กาแฟคั่วสด", "%1$@ จะนำคำสั่งซื้อของคุณมาส่งเวลา %2$@"),
    ("ja", "週末限定：焙煎したてのコーヒー", "%1$@が%2$@にご注文をお届けします。タップして配達状況を確認。"),
]

/// The catalog of the bench: two keys, 10 languages.
func benchCatalog() -> StringCatalog {
    StringCatalog(
        sourceLanguage: "en",
        entries: [
            CatalogEntry(
                key: "promo.title",
                localizations: languageTexts.map { Localization(language: $0.0, value: .text($0.1)) }),
            CatalogEntry(
                key: "courier.body",
                localizations: languageTexts.map { Localization(language: $0.0, value: .text($0.2)) }),
        ])
}

/// The push, 200 bytes or so.
let localizedPush = #"""
    {"aps":{"alert":{"title-loc-key":"promo.title","loc-key":"courier.body","loc-args":["Eva","9:30"]},"sound":"default","thread-id":"orders"},"order":"A-1042","courier":"eva-17"}
    """#

/// The matrix rows of all 10 languages, resolved from the catalog.
func languageMatrixRows(_ catalog: StringCatalog, _ resolver: CatalogResolver) -> Int {
    var rows = 0
    for language in catalog.languages {
        var text = PreviewContent()
        text.title = .plain(resolver.resolve(key: "promo.title", arguments: [], language: language).text)
        text.body = .plain(
            resolver.resolve(key: "courier.body", arguments: ["Eva", "9:30"], language: language).text)
        rows += PreviewMatrix(text).rows.count
    }
    return rows
}
