/// The groups every Chancery instance has from its first start.
public enum Group {
    /// Members may administer the instance: users, groups, keys, metrics.
    public static let administrators = "administrators"
    /// Every user added by an operator joins this group unless told otherwise.
    public static let members = "members"
}
