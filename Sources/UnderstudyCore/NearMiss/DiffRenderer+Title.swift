extension DiffRenderer {
    /// The diff for `miss` under a title of the caller's choosing, e.g. a verification failure
    /// ("Closest request to the expected pattern") instead of "Request was not matched".
    public static func render(_ miss: NearMiss, title: String, width: Int = defaultWidth) -> String {
        render(rows: DiffRows.rows(for: miss), width: width, title: title)
    }
}
