(* Proposition 11 of arXiv 1807.11317 (post-processing): if Q0 (inputs 0..k-1, outputs 0..n-1) is
   (X_S, Y_P, eps)-ULDP and Q1 (inputs 0..n-1, outputs 0..m-1) preserves data types
   (Definition 5), then Q1 o Q0 (z|x) = sum_{y < n} Q1(z|y) Q0(y|x) is a mechanism and is
   (X_S, Z_P, eps)-ULDP, in the literal reading (as the SMT claim) and in the reachable reading,
   for any k, n, m, X_S, Y_P, Z_P. The refutations: either bullet of Definition 5 dropped, and
   one invertible y* mapped into Z_P. *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* x < n for a numeral n: one goal per value *)
Ltac split_lt :=
  repeat match goal with
  | H : (?x < 0)%nat |- _ => exfalso; apply (Nat.nlt_0_r x); exact H
  | H : (?x < S ?n)%nat |- _ =>
      is_var x; destruct x as [|x]; [clear H | apply Nat.succ_lt_mono in H]
  end.

(* uldp:statement post_processing post_processing_reaches_protected post_processing_not_invertible mutant_post_processing_invertible_into_protected *)
Definition pp_Q (Q0 Q1 : nat -> nat -> R) (n : nat) (x z : nat) : R :=
  rsum n (fun y => Q1 y z * Q0 x y).
(* uldp:end *)

(* uldp:statement post_processing *)
Definition PreservesDataTypes (n m : nat) (P PZ : nat -> bool) (Q1 : nat -> nat -> R) : Prop :=
  (forall y z, Invertible n P y -> Protected m PZ z -> Q1 y z = 0) /\
  (forall z, Invertible m PZ z -> exists y, Invertible n P y /\ 0 < Q1 y z /\
     forall y', (y' < n)%nat -> y' <> y -> Q1 y' z = 0).
(* uldp:end *)

(* helper lemmas, not part of the statement *)

(** Finite sums commute. *)
Lemma rsum_swap : forall m n (f : nat -> nat -> R),
  rsum m (fun z => rsum n (fun y => f y z)) = rsum n (fun y => rsum m (fun z => f y z)).
Proof.
  induction m; intros n f; simpl.
  - rewrite rsum_const. lra.
  - rewrite IHm. rewrite <- rsum_plus. reflexivity.
Qed.

(** A sum whose terms vanish except at j < n is its term at j. *)
Lemma rsum_only : forall n j (f : nat -> R), (j < n)%nat ->
  (forall i, (i < n)%nat -> i <> j -> f i = 0) -> rsum n f = f j.
Proof.
  intros n j f Hj Hz.
  rewrite (rsum_ext n f (fun i => if Nat.eqb i j then f j else 0)).
  - apply rsum_single; assumption.
  - intros i Hi. destruct (Nat.eqb_spec i j) as [->|Hne]; [reflexivity|]. apply Hz; assumption.
Qed.

(** The ratio: each term of z in Z_P is 0 (y invertible, bullet 1) or within t (y protected). *)
Lemma pp_ratio : forall k n m P PZ Q0 Q1 t,
  1 <= t -> Mechanism k n Q0 -> Mechanism n m Q1 -> PreservesDataTypes n m P PZ Q1 ->
  RatioBound k (Protected n P) Q0 t -> RatioBound k (Protected m PZ) (pp_Q Q0 Q1 n) t.
Proof.
  intros k n m P PZ Q0 Q1 t Ht [HQ0nn _] [HQ1nn _] [Hb1 _] Hr x x' z Hx Hx' [Hz HPz].
  unfold pp_Q. rewrite <- rsum_scal. apply rsum_le. intros y Hy.
  destruct (P y) eqn:HPy.
  - assert (Hq := Hr x x' y Hx Hx' (conj Hy HPy)).
    assert (0 <= Q1 y z) by (apply HQ1nn; assumption).
    assert (Q1 y z * Q0 x y <= Q1 y z * (t * Q0 x' y)) by (apply Rmult_le_compat_l; assumption).
    lra.
  - rewrite (Hb1 y z (conj Hy HPy) (conj Hz HPz)).
    assert (0 <= Q0 x' y) by (apply HQ0nn; assumption). nra.
Qed.

(** Condition 1: an invertible z has one source y (bullet 2), so Q1 o Q0 (z|x) = Q1(z|y) Q0(y|x). *)
Lemma pp_invertible_column : forall n m P PZ (Q0 Q1 : nat -> nat -> R) z,
  PreservesDataTypes n m P PZ Q1 -> Invertible m PZ z ->
  exists y, Invertible n P y /\ 0 < Q1 y z /\
    forall x, pp_Q Q0 Q1 n x z = Q1 y z * Q0 x y.
Proof.
  intros n m P PZ Q0 Q1 z [_ Hb2] Hz.
  destruct (Hb2 z Hz) as (y & [Hy HPy] & Hpos & Hzero).
  exists y. split; [split; assumption|]. split; [assumption|].
  intro x. unfold pp_Q. apply (rsum_only n y (fun y' => Q1 y' z * Q0 x y')); [assumption|].
  intros y' Hy' Hne. rewrite (Hzero y' Hy' Hne). lra.
Qed.

(* uldp:statement post_processing *)
Theorem post_processing : forall (k n m : nat) (S P PZ : nat -> bool) (Q0 Q1 : nat -> nat -> R)
  (t : R),
  1 <= t -> Mechanism k n Q0 -> Mechanism n m Q1 -> PreservesDataTypes n m P PZ Q1 ->
  Mechanism k m (pp_Q Q0 Q1 n) /\
  (ULDPLiteral k S (Protected n P) (Invertible n P) Q0 t ->
   ULDPLiteral k S (Protected m PZ) (Invertible m PZ) (pp_Q Q0 Q1 n) t) /\
  (ULDP k S (Protected n P) (Invertible n P) Q0 t ->
   ULDP k S (Protected m PZ) (Invertible m PZ) (pp_Q Q0 Q1 n) t).
(* uldp:end *)
Proof.
  intros k n m S P PZ Q0 Q1 t Ht HQ0 HQ1 Hpres.
  pose proof HQ0 as [HQ0nn HQ0sum]. pose proof HQ1 as [HQ1nn HQ1sum].
  split; [|split].
  - (* Q1 o Q0 is a mechanism: sum_z sum_y Q1(z|y) Q0(y|x) = sum_y Q0(y|x) = 1 *)
    split.
    + intros x z Hx Hz. unfold pp_Q. apply rsum_nonneg. intros y Hy.
      apply Rmult_le_pos; [apply HQ1nn | apply HQ0nn]; assumption.
    + intros x Hx. unfold pp_Q.
      rewrite (rsum_swap m n (fun y z => Q1 y z * Q0 x y)).
      rewrite <- (HQ0sum x Hx). apply rsum_ext. intros y Hy.
      rewrite (rsum_ext m _ (fun z => Q0 x y * Q1 y z)) by (intros; lra).
      rewrite rsum_scal, (HQ1sum y Hy). lra.
  - (* literal: the sole source of z is the sole source of its source y *)
    intros [Hc Hr]. split; [|eapply pp_ratio; eassumption].
    intros z Hz.
    destruct (pp_invertible_column n m P PZ Q0 Q1 z Hpres Hz) as (y & Hy & Hpos1 & Hcol).
    destruct (Hc y Hy) as (x0 & Hx0 & HS0 & Hpos0 & Hzero0).
    exists x0. split; [assumption|]. split; [assumption|].
    split; [rewrite Hcol; apply Rmult_lt_0_compat; assumption|].
    intros x' Hx' Hne. rewrite Hcol, (Hzero0 x' Hx' Hne). lra.
  - (* reachable: a producer x of z produces its source y *)
    intros [Hc Hr]. split; [|eapply pp_ratio; eassumption].
    intros z Hz [x [Hx Hposz]].
    destruct (pp_invertible_column n m P PZ Q0 Q1 z Hpres Hz) as (y & Hy & Hpos1 & Hcol).
    rewrite Hcol in Hposz.
    assert (Hy' : (y < n)%nat) by (destruct Hy; assumption).
    assert (0 <= Q0 x y) by (apply HQ0nn; assumption).
    assert (Hpos0 : 0 < Q0 x y).
    { destruct (Rle_lt_dec (Q0 x y) 0); [|assumption].
      assert (Q0 x y = 0) by lra. rewrite H0 in Hposz. lra. }
    destruct (Hc y Hy (ex_intro _ x (conj Hx Hpos0))) as (x0 & Hx0 & HS0 & Hpos00 & Hzero0).
    exists x0. split; [assumption|]. split; [assumption|].
    split; [rewrite Hcol; apply Rmult_lt_0_compat; assumption|].
    intros x' Hx' Hne. rewrite Hcol, (Hzero0 x' Hx' Hne). lra.
Qed.

(* uldp:statement post_processing_reaches_protected post_processing_not_invertible mutant_post_processing_invertible_into_protected *)
Definition id_Q (x y : nat) : R := if Nat.eqb x y then 1 else 0.
(* uldp:end *)

(** The identity on 2 outputs, all of them invertible, is ULDP for X_S empty and any t. *)
Lemma id_mechanism : Mechanism 2 2 id_Q.
Proof.
  split.
  - intros x y Hx Hy. split_lt; unfold id_Q; simpl; lra.
  - intros x Hx. split_lt; unfold id_Q; simpl; lra.
Qed.

Lemma id_uldp_literal : forall t, ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false))
  (Invertible 2 (fun _ => false)) id_Q t.
Proof.
  intro t. split.
  - intros y [Hy _]. exists y. split; [assumption|]. split; [reflexivity|].
    split; [unfold id_Q; rewrite Nat.eqb_refl; lra|].
    intros x' Hx' Hne. unfold id_Q. apply Nat.eqb_neq in Hne. rewrite Hne. reflexivity.
  - intros x x' y Hx Hx' [_ HP]. discriminate.
Qed.

(* uldp:statement post_processing_reaches_protected *)
Theorem post_processing_reaches_protected : forall t : R, 1 <= t ->
  Mechanism 2 2 id_Q /\
  ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
    id_Q t /\
  (forall z, Invertible 2 (fun _ => true) z -> exists y, Invertible 2 (fun _ => false) y /\
     0 < id_Q y z /\ forall y', (y' < 2)%nat -> y' <> y -> id_Q y' z = 0) /\
  ~ RatioBound 2 (Protected 2 (fun _ => true)) (pp_Q id_Q id_Q 2) t.
(* uldp:end *)
Proof.
  intros t Ht. split; [exact id_mechanism|]. split; [apply id_uldp_literal|]. split.
  - intros z [_ HP]. discriminate.
  - (* Q1 o Q0 is the identity and every output is protected: ratio 1 / 0 *)
    intro H. assert (Hz : Protected 2 (fun _ => true) 0%nat) by (split; [lia | reflexivity]).
    specialize (H 0%nat 1%nat 0%nat ltac:(lia) ltac:(lia) Hz).
    unfold pp_Q, id_Q in H; simpl in H. lra.
Qed.

(* uldp:statement post_processing_not_invertible *)
Definition one_Q (y z : nat) : R := 1.
Theorem post_processing_not_invertible : forall t : R, 1 <= t ->
  Mechanism 2 2 id_Q /\ Mechanism 2 1 one_Q /\
  ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
    id_Q t /\
  (forall y z, Invertible 2 (fun _ => false) y -> Protected 1 (fun _ => false) z -> one_Q y z = 0) /\
  ~ ULDPLiteral 2 (fun _ => false) (Protected 1 (fun _ => false)) (Invertible 1 (fun _ => false))
      (pp_Q id_Q one_Q 2) t /\
  ~ ULDP 2 (fun _ => false) (Protected 1 (fun _ => false)) (Invertible 1 (fun _ => false))
      (pp_Q id_Q one_Q 2) t.
(* uldp:end *)
Proof.
  intros t Ht.
  (* z = 0 is invertible, and both inputs produce it with probability 1 *)
  assert (Hnot : ~ Cond1Reachable 2 (fun _ => false) (Invertible 1 (fun _ => false))
                     (pp_Q id_Q one_Q 2)).
  { intro Hc. assert (Hz : Invertible 1 (fun _ => false) 0%nat) by (split; [lia | reflexivity]).
    assert (Hre : Reachable 2 (pp_Q id_Q one_Q 2) 0%nat)
      by (exists 0%nat; split; [lia | unfold pp_Q, id_Q, one_Q; simpl; lra]).
    destruct (Hc 0%nat Hz Hre) as (x & Hx & _ & _ & Hzero).
    destruct (Nat.eq_dec x 0) as [->|Hne].
    - specialize (Hzero 1%nat ltac:(lia) ltac:(lia)). unfold pp_Q, id_Q, one_Q in Hzero.
      simpl in Hzero. lra.
    - specialize (Hzero 0%nat ltac:(lia) ltac:(auto)). unfold pp_Q, id_Q, one_Q in Hzero.
      simpl in Hzero. lra. }
  split; [exact id_mechanism|]. split; [|split; [apply id_uldp_literal|split; [|split]]].
  - split; [intros; unfold one_Q; lra | intros y Hy; unfold one_Q; simpl; lra].
  - intros y z _ [_ HP]. discriminate.
  - intros [Hc _]. apply Hnot. intros z Hz _. exact (Hc z Hz).
  - intros [Hc _]. exact (Hnot Hc).
Qed.

(* uldp:statement mutant_post_processing_invertible_into_protected *)
Definition sens_z0 (z : nat) : bool := Nat.eqb z 0.
Theorem mutant_post_processing_invertible_into_protected : forall t : R, 1 <= t ->
  Mechanism 2 2 id_Q /\
  ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
    id_Q t /\
  (Invertible 2 (fun _ => false) 0%nat /\ Protected 2 sens_z0 0%nat /\ 0 < id_Q 0%nat 0%nat) /\
  (forall y z, Invertible 2 (fun _ => false) y -> Protected 2 sens_z0 z ->
     ~ (y = 0%nat /\ z = 0%nat) -> id_Q y z = 0) /\
  (forall z, Invertible 2 sens_z0 z -> exists y, Invertible 2 (fun _ => false) y /\
     0 < id_Q y z /\ forall y', (y' < 2)%nat -> y' <> y -> id_Q y' z = 0) /\
  ~ RatioBound 2 (Protected 2 sens_z0) (pp_Q id_Q id_Q 2) t.
(* uldp:end *)
Proof.
  intros t Ht. split; [exact id_mechanism|]. split; [apply id_uldp_literal|].
  split; [|split; [|split]].
  - split; [split; [lia | reflexivity]|]. split; [split; [lia | reflexivity]|].
    unfold id_Q; simpl; lra.
  - intros y z [Hy _] [Hz HP] Hne. unfold sens_z0 in HP.
    split_lt; simpl in HP; try discriminate; [exfalso; apply Hne; split; reflexivity|].
    unfold id_Q; reflexivity.
  - intros z [Hz HP]. exists z. split; [split; [assumption | reflexivity]|].
    split; [unfold id_Q; rewrite Nat.eqb_refl; lra|].
    intros y' Hy' Hne. unfold id_Q. apply Nat.eqb_neq in Hne. rewrite Hne. reflexivity.
  - (* y* = 0 goes to z* = 0 in Z_P: Q1 o Q0 (0|0) = 1 > t Q1 o Q0 (0|1) = 0 *)
    intro H. assert (Hz : Protected 2 sens_z0 0%nat) by (split; [lia | reflexivity]).
    specialize (H 0%nat 1%nat 0%nat ltac:(lia) ltac:(lia) Hz).
    unfold pp_Q, id_Q in H; simpl in H. lra.
Qed.

Print Assumptions post_processing.
Print Assumptions post_processing_reaches_protected.
Print Assumptions post_processing_not_invertible.
Print Assumptions mutant_post_processing_invertible_into_protected.
