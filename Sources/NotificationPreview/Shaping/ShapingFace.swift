import CHarfBuzz

/// One HarfBuzz font (a face of the shipped fonts at its own units per em), built once and
/// then immutable, so any thread may shape with it (`hb_font_make_immutable`; HarfBuzz
/// fonts are thread-safe for shaping once immutable). It owns the font, which owns its face
/// and blob, and destroys it when released.
///
/// `@unchecked Sendable`: `font` is a C pointer that is made immutable in `init`, before any
/// other thread can see it, and only destroyed in `deinit`; between the two every call on it
/// only reads (HarfBuzz documents shaping with an immutable font as thread-safe).
final class ShapingFace: @unchecked Sendable {
    /// The immutable `hb_font_t`.
    private let font: OpaquePointer
    /// Font units per em; advances come back in these units.
    let unitsPerEm: Double

    /// The features the platters' CSS turns off (`font-kerning: none`,
    /// `font-variant-ligatures: none`, `"kern" 0, "calt" 0` in Public/preview.css), so HarfBuzz
    /// shapes as Chromium does there; the required Arabic and Indic features stay on.
    private static let features: [hb_feature_t] = ["kern", "liga", "clig", "dlig", "hlig", "calt"].map {
        let tag = Array($0.utf8).map { CChar(bitPattern: $0) }
        return hb_feature_t(
            tag: chb_tag(tag[0], tag[1], tag[2], tag[3]), value: 0, start: 0, end: UInt32.max)
    }

    /// A face over the font file `bytes` (copied by HarfBuzz), or nil when HarfBuzz finds no
    /// glyphs in it.
    init?(_ bytes: [UInt8]) {
        let blob = bytes.withUnsafeBytes { raw in
            hb_blob_create(
                raw.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(raw.count),
                HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        let face = hb_face_create(blob, 0)
        hb_blob_destroy(blob)  // the face keeps its own reference
        let glyphs = hb_face_get_glyph_count(face)
        let upem = hb_face_get_upem(face)
        guard glyphs > 0, upem > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return nil
        }
        hb_face_destroy(face)  // the font keeps its own reference
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        self.font = font
        unitsPerEm = Double(upem)
    }

    deinit { hb_font_destroy(font) }

    /// Shapes `utf8` (one word) and returns each glyph's UTF-8 cluster offset and advance in font
    /// units, in logical order of the clusters.
    func shape(_ utf8: UnsafeBufferPointer<UInt8>) -> [(cluster: Int, advance: Int)] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        utf8.withMemoryRebound(to: CChar.self) { text in
            hb_buffer_add_utf8(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        Self.features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { (Int(infos[$0].cluster), Int(positions[$0].x_advance)) }
    }
}
