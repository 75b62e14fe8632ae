(* The truncated geometric mechanism on a W x H grid (Andres et al., CCS 2013; on each axis the
   truncated geometric mechanism of Ghosh, Roughgarden and Sundararajan, STOC 2009), as built by
   mechanisms/geometric/geometric.cc: the claim geometric_metric_ldp. The entries are defined
   here as in the paper and the C++ (not assumed to have the form c(y) alpha^dist(x,y)), so the
   structure is proved too: rows sum to 1 (a geometric series), every pair of cells is within
   t^d of each other, d the Manhattan distance, and every adjacent pair attains the ratio t. The
   statement holds for every real t >= 1 (the SMT claim asks t > 1). *)
From Uldp Require Import Common.
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

(* uldp:statement geometric_metric_ldp *)
Definition geo_dist (a b : nat) : nat := if Nat.leb a b then (b - a)%nat else (a - b)%nat.

Definition geo_axis (n : nat) (t : R) (x y : nat) : R :=
  if Nat.eqb n 1 then 1
  else (if orb (Nat.eqb y 0) (Nat.eqb y (n - 1)) then / (1 + / t) else (1 - / t) / (1 + / t))
       * (/ t) ^ (geo_dist x y).

Definition geo_Q (W H : nat) (t : R) (x y : nat) : R :=
  geo_axis H t (x / W) (y / W) * geo_axis W t (x mod W) (y mod W).

Definition geo_d1 (W : nat) (x x' : nat) : nat :=
  (geo_dist (x / W) (x' / W) + geo_dist (x mod W) (x' mod W))%nat.
(* uldp:end *)

(* helper lemmas, not part of the statement *)

(** Distances on an axis. *)
Lemma geo_dist_le : forall a b, (a <= b)%nat -> geo_dist a b = (b - a)%nat.
Proof. intros a b H. unfold geo_dist. destruct (Nat.leb_spec a b); lia. Qed.

Lemma geo_dist_ge : forall a b, (b <= a)%nat -> geo_dist a b = (a - b)%nat.
Proof. intros a b H. unfold geo_dist. destruct (Nat.leb_spec a b); lia. Qed.

Lemma geo_dist_triangle : forall x x' y, (geo_dist x' y <= geo_dist x x' + geo_dist x y)%nat.
Proof.
  intros. unfold geo_dist.
  destruct (Nat.leb_spec x' y), (Nat.leb_spec x x'), (Nat.leb_spec x y); lia.
Qed.

Lemma geo_dist_zero : forall a b, geo_dist a b = 0%nat -> a = b.
Proof. intros a b. unfold geo_dist. destruct (Nat.leb_spec a b); lia. Qed.

Lemma geo_dist_one : forall a b, geo_dist a b = 1%nat -> b = S a \/ a = S b.
Proof. intros a b. unfold geo_dist. destruct (Nat.leb_spec a b); lia. Qed.

(** alpha = 1/t for t >= 1. *)
Lemma alpha_facts : forall t, 1 <= t -> 0 < / t /\ / t <= 1 /\ t * / t = 1.
Proof.
  intros t Ht. split; [apply Rinv_0_lt_compat; lra|]. split.
  - rewrite <- Rinv_1. apply Rinv_le_contravar; lra.
  - field. lra.
Qed.

(** alpha^m >= alpha^n when m <= n. *)
Lemma alpha_pow_antitone : forall t m n, 1 <= t -> (m <= n)%nat -> (/ t) ^ n <= (/ t) ^ m.
Proof.
  intros t m n Ht Hmn. rewrite !pow_inv. apply Rinv_le_contravar.
  - apply pow_lt; lra.
  - apply Rle_pow; assumption.
Qed.

(** The edge and interior coefficients. *)
Lemma coef_nonneg : forall t (b : bool), 1 <= t ->
  0 <= (if b then / (1 + / t) else (1 - / t) / (1 + / t)).
Proof.
  intros t b Ht. destruct (alpha_facts t Ht) as (Ha0 & Ha1 & _).
  destruct b.
  - left. apply Rinv_0_lt_compat. lra.
  - unfold Rdiv. apply Rmult_le_pos; [lra|]. left. apply Rinv_0_lt_compat. lra.
Qed.

Lemma geo_axis_nonneg : forall n t x y, 1 <= t -> 0 <= geo_axis n t x y.
Proof.
  intros n t x y Ht. unfold geo_axis. destruct (Nat.eqb n 1); [lra|].
  apply Rmult_le_pos; [apply coef_nonneg; assumption|].
  apply pow_le. destruct (alpha_facts t Ht). lra.
Qed.

(** One axis: moving the input by d steps changes an entry by at most t^d. *)
Lemma geo_axis_bound : forall n t x x' y, 1 <= t -> (x < n)%nat -> (x' < n)%nat -> (y < n)%nat ->
  geo_axis n t x y <= t ^ (geo_dist x x') * geo_axis n t x' y.
Proof.
  intros n t x x' y Ht Hx Hx' Hy. destruct (alpha_facts t Ht) as (Ha0 & Ha1 & Hta).
  unfold geo_axis. destruct (Nat.eqb_spec n 1).
  - subst. replace x with 0%nat by lia. replace x' with 0%nat by lia. simpl. lra.
  - set (c := if orb (Nat.eqb y 0) (Nat.eqb y (n - 1)) then / (1 + / t)
              else (1 - / t) / (1 + / t)).
    assert (Hc : 0 <= c) by (apply coef_nonneg; assumption).
    set (p := geo_dist x y). set (q := geo_dist x x'). set (r := geo_dist x' y).
    assert (Hr : (r <= q + p)%nat) by apply geo_dist_triangle.
    (* t^q alpha^r >= t^q alpha^(q + p) = alpha^p *)
    assert (Hkey : (/ t) ^ p <= t ^ q * (/ t) ^ r).
    { assert (Hmono : (/ t) ^ (q + p) <= (/ t) ^ r) by (apply alpha_pow_antitone; assumption).
      assert (Hsplit : t ^ q * (/ t) ^ (q + p) = (/ t) ^ p).
      { rewrite pow_add, <- Rmult_assoc, <- Rpow_mult_distr, Hta, pow1. ring. }
      assert (0 <= t ^ q) by (apply pow_le; lra).
      rewrite <- Hsplit. apply Rmult_le_compat_l; assumption. }
    replace (t ^ q * (c * (/ t) ^ r)) with (c * (t ^ q * (/ t) ^ r)) by ring.
    apply Rmult_le_compat_l; assumption.
Qed.

(** One axis: an adjacent pair attains t, at the edge output nearer the first input. *)
Lemma geo_axis_tight : forall n t x x', 1 <= t -> (x < n)%nat -> (x' < n)%nat ->
  geo_dist x x' = 1%nat ->
  exists y, (y < n)%nat /\ 0 < geo_axis n t x' y /\ geo_axis n t x y = t * geo_axis n t x' y.
Proof.
  intros n t x x' Ht Hx Hx' Hd. destruct (alpha_facts t Ht) as (Ha0 & Ha1 & Hta).
  assert (He : 0 < / (1 + / t)) by (apply Rinv_0_lt_compat; lra).
  assert (Hn : Nat.eqb n 1 = false) by (apply Nat.eqb_neq; apply geo_dist_one in Hd; lia).
  destruct (geo_dist_one x x' Hd) as [-> | ->].
  - (* x' = x + 1: the output 0 *)
    exists 0%nat. unfold geo_axis. rewrite Hn. simpl orb. cbv iota.
    rewrite !geo_dist_ge by lia. rewrite !Nat.sub_0_r. simpl pow.
    split; [lia|]. split.
    + apply Rmult_lt_0_compat; [assumption|]. apply Rmult_lt_0_compat; [assumption|].
      apply pow_lt; assumption.
    + transitivity (/ (1 + / t) * (t * / t) * (/ t) ^ x); [rewrite Hta; ring | ring].
  - (* x = x' + 1: the output n - 1 *)
    exists (n - 1)%nat. unfold geo_axis. rewrite Hn, Nat.eqb_refl, Bool.orb_true_r.
    rewrite !geo_dist_le by lia.
    replace (n - 1 - x')%nat with (S (n - 1 - S x')) by lia.
    simpl pow. split; [lia|]. split.
    + apply Rmult_lt_0_compat; [assumption|]. apply Rmult_lt_0_compat; [assumption|].
      apply pow_lt; assumption.
    + transitivity (/ (1 + / t) * (t * / t) * (/ t) ^ (n - 1 - S x')); [rewrite Hta; ring | ring].
Qed.

(** The geometric series from the left: for n <= x + 1,
    (1 - a) (a^x + ... + a^(x - n + 1)) = a^(x + 1 - n) - a^(x + 1). *)
Lemma geo_series_left : forall a x n, (n <= x + 1)%nat ->
  (1 - a) * rsum n (fun y => a ^ (geo_dist x y)) = a ^ (x + 1 - n) - a ^ (x + 1).
Proof.
  intros a x. induction n as [|n IH]; intros Hn.
  - simpl rsum. rewrite Nat.sub_0_r. ring.
  - simpl rsum. rewrite Rmult_plus_distr_l, IH by lia. rewrite geo_dist_ge by lia.
    replace (x + 1 - n)%nat with (S (x - n)) by lia.
    replace (x + 1 - S n)%nat with (x - n)%nat by lia.
    simpl pow. ring.
Qed.

(** The whole row: (1 - a) sum_y a^|x - y| = 1 + a - a^(x + 1) - a^(n - x). *)
Lemma geo_series : forall a x n, (x < n)%nat ->
  (1 - a) * rsum n (fun y => a ^ (geo_dist x y)) = 1 + a - a ^ (x + 1) - a ^ (n - x).
Proof.
  intros a x. induction n as [|n IH]; intros Hn; [lia|].
  destruct (Nat.eq_dec x n) as [-> | Hne].
  - rewrite geo_series_left by lia.
    replace (n + 1 - S n)%nat with 0%nat by lia. replace (S n - n)%nat with 1%nat by lia.
    simpl pow. ring.
  - simpl rsum. rewrite Rmult_plus_distr_l, IH by lia. rewrite geo_dist_le by lia.
    replace (S n - x)%nat with (S (n - x)) by lia. simpl pow. ring.
Qed.

(** Every row of an axis sums to 1. *)
Lemma geo_axis_sum : forall n t x, 1 <= t -> (x < n)%nat -> rsum n (geo_axis n t x) = 1.
Proof.
  intros n t x Ht Hx. destruct (alpha_facts t Ht) as (Ha0 & Ha1 & Hta).
  destruct (Nat.eq_dec n 1) as [-> | Hn1].
  - simpl. unfold geo_axis. simpl. ring.
  - set (a := / t). set (e := / (1 + a)). set (i := (1 - a) / (1 + a)).
    (* each entry is i a^d, plus (e - i) a^d at the two edge outputs *)
    rewrite (rsum_ext n _ (fun y => (i * a ^ geo_dist x y
        + (if Nat.eqb y 0 then (e - i) * a ^ geo_dist x 0 else 0))
        + (if Nat.eqb y (n - 1) then (e - i) * a ^ geo_dist x (n - 1) else 0))).
    2: { intros y Hy. unfold geo_axis. rewrite (proj2 (Nat.eqb_neq n 1) Hn1).
         fold a e i.
         destruct (Nat.eqb_spec y 0), (Nat.eqb_spec y (n - 1)); simpl orb; cbv iota;
           try subst y; try lia; ring. }
    rewrite !rsum_plus, rsum_scal, !rsum_single by lia.
    rewrite geo_dist_ge, geo_dist_le by lia. rewrite Nat.sub_0_r.
    assert (Hs := geo_series a x n Hx).
    replace (a ^ (x + 1)) with (a * a ^ x) in Hs by (rewrite Nat.add_1_r; reflexivity).
    replace (n - x)%nat with (S (n - 1 - x)) in Hs by lia. simpl pow in Hs.
    set (Sg := rsum n (fun y => a ^ geo_dist x y)) in *.
    assert (H1a : 1 + a <> 0) by (unfold a; intro; lra).
    unfold i, e.
    transitivity (((1 - a) * Sg + a * a ^ x + a * a ^ (n - 1 - x)) / (1 + a)); [field; exact H1a|].
    rewrite Hs. field. exact H1a.
Qed.

(** The grid: cells r W + c, r < H, c < W. *)
Lemma rsum_add : forall a b f,
  rsum (a + b) f = rsum a f + rsum b (fun i => f (a + i)%nat).
Proof.
  intros a b f. induction b as [|b IH].
  - rewrite Nat.add_0_r. simpl. ring.
  - rewrite Nat.add_succ_r. simpl. rewrite IH. ring.
Qed.

Lemma rsum_grid : forall W H f,
  rsum (W * H) f = rsum H (fun r => rsum W (fun c => f (r * W + c)%nat)).
Proof.
  intros W H f. induction H as [|H IH].
  - rewrite Nat.mul_0_r. reflexivity.
  - rewrite Nat.mul_succ_r, rsum_add, IH. simpl rsum. f_equal.
    apply rsum_ext. intros c _. f_equal. lia.
Qed.

Lemma cell_div : forall W r c, (c < W)%nat -> ((r * W + c) / W)%nat = r.
Proof.
  intros W r c Hc. rewrite Nat.div_add_l by lia. rewrite Nat.div_small by assumption. lia.
Qed.

Lemma cell_mod : forall W r c, (c < W)%nat -> ((r * W + c) mod W)%nat = c.
Proof.
  intros W r c Hc. rewrite Nat.add_comm, Nat.mod_add by lia. apply Nat.mod_small; assumption.
Qed.

Lemma cell_row : forall W H x, (1 <= W)%nat -> (x < W * H)%nat -> (x / W < H)%nat.
Proof. intros W H x HW Hx. apply Nat.div_lt_upper_bound; lia. Qed.

Lemma cell_col : forall W x, (1 <= W)%nat -> (x mod W < W)%nat.
Proof. intros W x HW. apply Nat.mod_upper_bound. lia. Qed.

Lemma cell_lt : forall W H r c, (r < H)%nat -> (c < W)%nat -> (r * W + c < W * H)%nat.
Proof. intros. nia. Qed.

Lemma geo_Q_nonneg : forall W H t x y, 1 <= t -> 0 <= geo_Q W H t x y.
Proof. intros. unfold geo_Q. apply Rmult_le_pos; apply geo_axis_nonneg; assumption. Qed.

(** Rows of the grid sum to 1: the sum is the product of the axes' sums. *)
Lemma geo_Q_sum : forall W H t x, (1 <= W)%nat -> 1 <= t -> (x < W * H)%nat ->
  rsum (W * H) (geo_Q W H t x) = 1.
Proof.
  intros W H t x HW Ht Hx. rewrite rsum_grid.
  rewrite (rsum_ext H _ (fun r => geo_axis H t (x / W) r * rsum W (geo_axis W t (x mod W)))).
  2: { intros r Hr. rewrite <- rsum_scal. apply rsum_ext. intros c Hc.
       unfold geo_Q. rewrite cell_div, cell_mod by assumption. reflexivity. }
  rewrite geo_axis_sum by (try apply cell_col; assumption).
  rewrite (rsum_ext H _ (fun r => geo_axis H t (x / W) r)) by (intros; ring).
  apply geo_axis_sum; [assumption | apply (cell_row W H x HW Hx)].
Qed.

(** The metric bound on the grid: the product of the axes' bounds. *)
Lemma geo_Q_bound : forall W H t x x' y, (1 <= W)%nat -> 1 <= t ->
  (x < W * H)%nat -> (x' < W * H)%nat -> (y < W * H)%nat ->
  geo_Q W H t x y <= t ^ (geo_d1 W x x') * geo_Q W H t x' y.
Proof.
  intros W H t x x' y HW Ht Hx Hx' Hy. unfold geo_Q, geo_d1. rewrite pow_add.
  assert (Hr := geo_axis_bound H t (x / W) (x' / W) (y / W) Ht
                  (cell_row W H x HW Hx) (cell_row W H x' HW Hx') (cell_row W H y HW Hy)).
  assert (Hc := geo_axis_bound W t (x mod W) (x' mod W) (y mod W) Ht
                  (cell_col W x HW) (cell_col W x' HW) (cell_col W y HW)).
  replace (t ^ geo_dist (x / W) (x' / W) * t ^ geo_dist (x mod W) (x' mod W) *
           (geo_axis H t (x' / W) (y / W) * geo_axis W t (x' mod W) (y mod W)))
    with ((t ^ geo_dist (x / W) (x' / W) * geo_axis H t (x' / W) (y / W)) *
          (t ^ geo_dist (x mod W) (x' mod W) * geo_axis W t (x' mod W) (y mod W))) by ring.
  apply Rmult_le_compat; try apply geo_axis_nonneg; assumption.
Qed.

(** The edge output 0 of an axis has a positive entry from every input. *)
Lemma geo_axis_edge_pos : forall n t x, 1 <= t -> 0 < geo_axis n t x 0.
Proof.
  intros n t x Ht. destruct (alpha_facts t Ht) as (Ha0 & Ha1 & _).
  unfold geo_axis. destruct (Nat.eqb n 1); [lra|]. simpl orb. cbv iota.
  apply Rmult_lt_0_compat; [apply Rinv_0_lt_compat; lra | apply pow_lt; assumption].
Qed.

(** Adjacent cells attain t: along the axis they differ on, at that axis's edge output nearer
    the first cell, and at the edge output 0 on the other axis (where both cells have the same,
    positive, factor). *)
Lemma geo_Q_tight : forall W H t x x', (1 <= W)%nat -> (1 <= H)%nat -> 1 <= t ->
  (x < W * H)%nat -> (x' < W * H)%nat -> geo_d1 W x x' = 1%nat ->
  exists y, (y < W * H)%nat /\ 0 < geo_Q W H t x' y /\ geo_Q W H t x y = t * geo_Q W H t x' y.
Proof.
  intros W H t x x' HW HH Ht Hx Hx' Hd. unfold geo_d1 in Hd.
  assert (HrowX := cell_row W H x HW Hx). assert (HrowX' := cell_row W H x' HW Hx').
  assert (HcolX := cell_col W x HW). assert (HcolX' := cell_col W x' HW).
  destruct (geo_dist (x / W) (x' / W)) eqn:Er.
  - (* same row, adjacent columns: the output (row 0, column c) *)
    apply geo_dist_zero in Er. simpl in Hd.
    destruct (geo_axis_tight W t (x mod W) (x' mod W) Ht HcolX HcolX' Hd) as (c & Hc & Hpos & Heq).
    exists (0 * W + c)%nat. split; [apply cell_lt; lia|].
    unfold geo_Q. rewrite cell_div, cell_mod by assumption. rewrite <- Er.
    split; [apply Rmult_lt_0_compat; [apply geo_axis_edge_pos; assumption | assumption]|].
    rewrite Heq. ring.
  - (* adjacent rows, same column: the output (row r, column 0) *)
    destruct n; [|lia]. simpl in Hd.
    assert (Hc0 : geo_dist (x mod W) (x' mod W) = 0%nat) by lia.
    apply geo_dist_zero in Hc0.
    destruct (geo_axis_tight H t (x / W) (x' / W) Ht HrowX HrowX' Er) as (r & Hr & Hpos & Heq).
    exists (r * W + 0)%nat. split; [apply cell_lt; lia|].
    unfold geo_Q. rewrite cell_div, cell_mod by lia. rewrite <- Hc0.
    split; [apply Rmult_lt_0_compat; [assumption | apply geo_axis_edge_pos; assumption]|].
    rewrite Heq. ring.
Qed.

(* uldp:statement geometric_metric_ldp *)
Theorem geometric_metric_ldp : forall (W H : nat) (t : R),
  (1 <= W)%nat -> (1 <= H)%nat -> 1 <= t ->
  Mechanism (W * H) (W * H) (geo_Q W H t) /\
  (forall x x' y, (x < W * H)%nat -> (x' < W * H)%nat -> (y < W * H)%nat ->
     geo_Q W H t x y <= t ^ (geo_d1 W x x') * geo_Q W H t x' y) /\
  (forall x x', (x < W * H)%nat -> (x' < W * H)%nat -> geo_d1 W x x' = 1%nat ->
     exists y, (y < W * H)%nat /\ 0 < geo_Q W H t x' y /\
       geo_Q W H t x y = t * geo_Q W H t x' y).
(* uldp:end *)
Proof.
  intros W H t HW HH Ht. split; [split|split].
  - intros x y _ _. apply geo_Q_nonneg; assumption.
  - intros x Hx. apply geo_Q_sum; assumption.
  - intros x x' y Hx Hx' Hy. apply geo_Q_bound; assumption.
  - intros x x' Hx Hx' Hd. apply geo_Q_tight; assumption.
Qed.

Print Assumptions geometric_metric_ldp.
