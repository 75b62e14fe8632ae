(* uRR (Definition 3, eq. (6) of arXiv 1807.11317) for every real t >= 1, every k and every
   sensitive set X_S (a predicate S : nat -> bool on the inputs 0..k-1) with |X_S| >= 1: the claim
   urr_uldp (Proposition 2) and the refutations urr_literal_at_eps0 and urr_tight_single_input,
   checked by Coq's kernel. Y = X and Y_P = X_S, Y_I = X_N. *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement urr_uldp urr_literal_at_eps0 urr_tight_single_input *)
Definition urr_c1 (t : R) (nS : R) : R := t / (nS + t - 1).
Definition urr_c2 (t : R) (nS : R) : R := 1 / (nS + t - 1).
Definition urr_c3 (t : R) (nS : R) : R := (t - 1) / (nS + t - 1).
Definition urr_Q (t : R) (k : nat) (S : nat -> bool) (x y : nat) : R :=
  if S x then
    (if Nat.eqb x y then urr_c1 t (count k S) else if S y then urr_c2 t (count k S) else 0)
  else
    (if S y then urr_c2 t (count k S) else if Nat.eqb x y then urr_c3 t (count k S) else 0).
(* uldp:end *)

(* helper lemmas, not part of the statement *)

(** A nonempty finite set has a member. *)
Lemma count_pos_member : forall n p, 1 <= count n p -> exists i, (i < n)%nat /\ p i = true.
Proof.
  unfold count. induction n; intros p H; simpl in H; [lra|].
  destruct (p n) eqn:E.
  - exists n. split; [lia | exact E].
  - destruct (IHn p) as [i [Hi Hp]]; [lra|]. exists i. split; [lia | exact Hp].
Qed.

Lemma rsum_indicator : forall n (p : nat -> bool) c,
  rsum n (fun i => if p i then c else 0) = c * count n p.
Proof.
  intros n p c. unfold count. rewrite <- rsum_scal.
  apply rsum_ext. intros i _. destruct (p i); lra.
Qed.

Section Urr.
  Context (t : R) (k : nat) (S : nat -> bool) (Ht : 1 <= t) (HS : 1 <= count k S).
  Let nS := count k S.
  Let D := nS + t - 1.

  Lemma urr_D_pos : 0 < D.
  Proof. unfold D, nS. lra. Qed.

  Lemma urr_c2_pos : 0 < urr_c2 t nS.
  Proof. unfold urr_c2. apply Rdiv_lt_0_compat; [lra | exact urr_D_pos]. Qed.

  Lemma urr_c1_eq : urr_c1 t nS = t * urr_c2 t nS.
  Proof. unfold urr_c1, urr_c2. pose proof urr_D_pos. unfold D in *. field. lra. Qed.

  Lemma urr_c3_nonneg : 0 <= urr_c3 t nS.
  Proof.
    unfold urr_c3. pose proof urr_D_pos. unfold D in *.
    apply Rmult_le_pos; [lra | apply Rlt_le, Rinv_0_lt_compat; lra].
  Qed.

  Lemma urr_c3_pos : 1 < t -> 0 < urr_c3 t nS.
  Proof.
    intros Ht1. unfold urr_c3. pose proof urr_D_pos. unfold D in *.
    apply Rdiv_lt_0_compat; lra.
  Qed.

  (** Every entry is a sum of c2 on the column X_S and a diagonal term. *)
  Lemma urr_Q_split : forall x y, urr_Q t k S x y =
    (if S y then urr_c2 t nS else 0) +
    (if Nat.eqb y x then (if S x then urr_c1 t nS - urr_c2 t nS else urr_c3 t nS) else 0).
  Proof.
    intros x y. unfold urr_Q. fold nS.
    destruct (Nat.eqb_spec y x) as [->|Hne].
    - rewrite Nat.eqb_refl. destruct (S x); lra.
    - replace (Nat.eqb x y) with false by (symmetry; apply Nat.eqb_neq; congruence).
      destruct (S x), (S y); lra.
  Qed.

  (** A protected column holds c1 on the diagonal and c2 elsewhere. *)
  Lemma urr_protected_entry : forall x y, S y = true ->
    urr_c2 t nS <= urr_Q t k S x y <= t * urr_c2 t nS.
  Proof.
    intros x y Hy. pose proof urr_c2_pos. pose proof urr_c1_eq.
    rewrite urr_Q_split, Hy. destruct (Nat.eqb_spec y x) as [->|_].
    - rewrite Hy. nra.
    - nra.
  Qed.

  (** An invertible column holds c3 on the diagonal and 0 elsewhere. *)
  Lemma urr_invertible_entry : forall x y, S y = false ->
    urr_Q t k S x y = if Nat.eqb x y then urr_c3 t nS else 0.
  Proof.
    intros x y Hy. rewrite urr_Q_split, Hy, (Nat.eqb_sym y x).
    destruct (Nat.eqb_spec x y) as [->|_]; [rewrite Hy|]; lra.
  Qed.

  Lemma urr_rows : Mechanism k k (urr_Q t k S).
  Proof.
    split.
    - intros x y _ _. destruct (S y) eqn:Hy.
      + pose proof (urr_protected_entry x y Hy). pose proof urr_c2_pos. lra.
      + rewrite (urr_invertible_entry x y Hy). pose proof urr_c3_nonneg.
        destruct (Nat.eqb x y); lra.
    - intros x Hx.
      rewrite (rsum_ext k _ (fun y => (if S y then urr_c2 t nS else 0) +
        (if Nat.eqb y x then (if S x then urr_c1 t nS - urr_c2 t nS else urr_c3 t nS) else 0)))
        by (intros y _; apply urr_Q_split).
      rewrite rsum_plus, rsum_indicator, rsum_single by exact Hx. fold nS.
      pose proof urr_D_pos. unfold D in *.
      unfold urr_c1, urr_c2, urr_c3. destruct (S x); field; lra.
  Qed.

  Lemma urr_ratio : RatioBound k (Protected k S) (urr_Q t k S) t.
  Proof.
    intros x x' y _ _ [_ Hy].
    pose proof (urr_protected_entry x y Hy) as [_ H1].
    pose proof (urr_protected_entry x' y Hy) as [H2 _].
    nra.
  Qed.

  Lemma urr_tight : (2 <= k)%nat -> RatioAttained k (Protected k S) (urr_Q t k S) t.
  Proof.
    intros Hk. destruct (count_pos_member k S HS) as [y [Hy HSy]].
    set (x' := if Nat.eqb y 0 then 1%nat else 0%nat).
    assert (Hx' : (x' < k)%nat /\ x' <> y)
      by (unfold x'; destruct (Nat.eqb_spec y 0); split; lia).
    exists y, x', y. repeat split; try tauto.
    - rewrite urr_Q_split, HSy. replace (Nat.eqb y x') with false
        by (symmetry; apply Nat.eqb_neq; intuition). pose proof urr_c2_pos. lra.
    - rewrite !urr_Q_split, HSy, Nat.eqb_refl.
      replace (Nat.eqb y x') with false by (symmetry; apply Nat.eqb_neq; intuition).
      rewrite urr_c1_eq. lra.
  Qed.

  (** If c3 > 0, output y in X_N has the sole source y, which is non-sensitive. *)
  Lemma urr_sole_source : forall y, (y < k)%nat -> S y = false -> 0 < urr_c3 t nS ->
    SoleNonSensitiveSource k S (urr_Q t k S) y.
  Proof.
    intros y Hy HSy Hc3. exists y. repeat split; try assumption.
    - rewrite urr_invertible_entry, Nat.eqb_refl by exact HSy. exact Hc3.
    - intros x' _ Hne. rewrite urr_invertible_entry by exact HSy.
      replace (Nat.eqb x' y) with false by (symmetry; apply Nat.eqb_neq; exact Hne). reflexivity.
  Qed.

  Lemma urr_cond1_reachable : Cond1Reachable k S (Invertible k S) (urr_Q t k S).
  Proof.
    intros y [Hy HSy] [x [_ Hpos]]. apply urr_sole_source; try assumption.
    rewrite urr_invertible_entry in Hpos by exact HSy.
    destruct (Nat.eqb x y); lra.
  Qed.

  Lemma urr_cond1_literal : 1 < t -> Cond1Literal k S (Invertible k S) (urr_Q t k S).
  Proof.
    intros Ht1 y [Hy HSy]. apply urr_sole_source; try assumption. apply urr_c3_pos, Ht1.
  Qed.
End Urr.

(* uldp:statement urr_uldp *)
Theorem urr_uldp : forall (t : R) (k : nat) (S : nat -> bool), 1 <= t -> 1 <= count k S ->
  Mechanism k k (urr_Q t k S) /\
  RatioBound k (Protected k S) (urr_Q t k S) t /\
  ((2 <= k)%nat -> RatioAttained k (Protected k S) (urr_Q t k S) t) /\
  ULDP k S (Protected k S) (Invertible k S) (urr_Q t k S) t /\
  (1 < t -> ULDPLiteral k S (Protected k S) (Invertible k S) (urr_Q t k S) t).
(* uldp:end *)
Proof.
  intros t k S Ht HS.
  pose proof (urr_ratio t k S Ht HS) as Hratio.
  split; [|split; [|split; [|split]]].
  - apply urr_rows; assumption.
  - exact Hratio.
  - apply urr_tight; assumption.
  - split; [apply urr_cond1_reachable; assumption | exact Hratio].
  - intros Ht1. split; [apply urr_cond1_literal; assumption | exact Hratio].
Qed.

(* uldp:statement urr_literal_at_eps0 *)
Theorem urr_literal_at_eps0 :
  ~ Cond1Literal 2 (fun x => Nat.eqb x 0) (Invertible 2 (fun x => Nat.eqb x 0))
      (urr_Q 1 2 (fun x => Nat.eqb x 0)).
(* uldp:end *)
Proof.
  (* t = 1, X_S = {0}, X_N = {1}: c3 = 0, so output 1 in Y_I has no source at all. *)
  intros H. destruct (H 1%nat) as [x [Hx [_ [Hpos _]]]]; [split; [lia | reflexivity]|].
  unfold urr_Q, urr_c3 in Hpos. replace (1 - 1) with 0 in Hpos by ring.
  destruct x as [|[|x]]; simpl in Hpos; try lia;
    [lra | unfold Rdiv in Hpos; rewrite Rmult_0_l in Hpos; lra].
Qed.

(* uldp:statement urr_tight_single_input *)
Theorem urr_tight_single_input :
  ~ RatioAttained 1 (Protected 1 (fun _ => true)) (urr_Q 2 1 (fun _ => true)) 2.
(* uldp:end *)
Proof.
  (* |X_S| = 1, |X_N| = 0, t = 2: the only entry is c1 = 1, and 1 <> 2 * 1. *)
  intros [x [x' [y [Hx [Hx' [[Hy _] [_ Heq]]]]]]].
  assert (x = 0%nat) by lia. assert (x' = 0%nat) by lia. assert (y = 0%nat) by lia.
  subst x x' y.
  unfold urr_Q, urr_c1, count in Heq. simpl in Heq.
  replace (2 / (0 + 1 + 2 - 1)) with 1 in Heq by field. lra.
Qed.

Print Assumptions urr_uldp.
Print Assumptions urr_literal_at_eps0.
Print Assumptions urr_tight_single_input.
