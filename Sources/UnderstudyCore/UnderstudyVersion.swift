/// The release this build is: what `understudy --version` prints, the admin API reports, and HAR
/// exports name as their creator. Kept in one place so the three never disagree.
public enum UnderstudyVersion {
    /// This build's version, as the admin API and `--version` report it.
    public static let current = "0.1.0"
}
