(* idue_minid_ldp: input-discriminative unary encoding (IDUE; Gu, Li, Cao and Xiong, ICDE 2020)
   and MinID-LDP. Outputs are bit vectors y : nat -> bool (bits 0..k-1 are read); Q(y|x) is the
   product over j < k of Pr(y_j | x), bit j being 1 with probability a_j when j = x and b_j
   otherwise. Each input x has its budget t_x = e^eps_x >= 1; MinID-LDP bounds the ratio of every
   pair by min(t_x, t_x'). For every k and every per-input parameters with 0 <= b_x < a_x <= 1:
   for each ordered pair x <> x', the closed form (a_x / b_x) ((1 - b_x') / (1 - a_x')) bounds
   every output's ratio (cross-multiplied, so also where b_x = 0 or a_x' = 1, the loss being
   infinite there) and is attained; the condition a_x (1 - b_x') <= m b_x (1 - a_x'),
   m = min(t_x, t_x'), holds iff every output's ratio is at most m; so IDUE is MinID-LDP iff the
   condition holds for every ordered pair. *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement idue_minid_ldp *)
Definition idue_on (a b : nat -> R) (x j : nat) : R := if Nat.eqb j x then a j else b j.

Definition idue_Q (k : nat) (a b : nat -> R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then idue_on a b x j else 1 - idue_on a b x j).

Definition idue_loss (a b : nat -> R) (x x' : nat) : R := (a x / b x) * ((1 - b x') / (1 - a x')).

Definition MinIDLDP (k : nat) (tt : nat -> R) (Q : nat -> (nat -> bool) -> R) : Prop :=
  forall x x' y, (x < k)%nat -> (x' < k)%nat -> Q x y <= Rmin (tt x) (tt x') * Q x' y.
(* uldp:end *)

(* helper lemmas, not part of the statement *)


Section Pair.
  Context (k : nat) (a b : nat -> R).
  Context (Hab : forall j, (j < k)%nat -> 0 <= b j < a j /\ a j <= 1).

  Lemma idue_on_range : forall x j, (j < k)%nat -> 0 <= idue_on a b x j <= 1.
  Proof. intros x j Hj. destruct (Hab j Hj). unfold idue_on. destruct (Nat.eqb j x); lra. Qed.

  Lemma idue_Q_nonneg : forall x y, 0 <= idue_Q k a b x y.
  Proof.
    intros. apply rprod_nonneg. intros j Hj.
    pose proof (idue_on_range x j Hj). destruct (y j); lra.
  Qed.

  Context (x x' : nat) (Hx : (x < k)%nat) (Hx' : (x' < k)%nat) (Hne : x <> x').

  (** The two reports of x and x' differ in bits x and x' only: Q(y|x) = f_x f_x' C and
      Q(y|x') = g_x g_x' C with one C >= 0. *)
  Lemma idue_split : forall y, exists C, 0 <= C /\
    ((forall j, (j < k)%nat -> j <> x -> j <> x' -> y j = false) -> 0 < C) /\
    idue_Q k a b x y = (if y x then a x else 1 - a x) * (if y x' then b x' else 1 - b x') * C /\
    idue_Q k a b x' y = (if y x then b x else 1 - b x) * (if y x' then a x' else 1 - a x') * C.
  Proof.
    intro y. unfold idue_Q.
    destruct (rprod_pair_common k
      (fun j => if y j then idue_on a b x j else 1 - idue_on a b x j)
      (fun j => if y j then idue_on a b x' j else 1 - idue_on a b x' j) x x' Hx Hx' Hne)
      as (C & HC & HCp & -> & ->).
    { intros j _ Hj Hj'. unfold idue_on.
      destruct (Nat.eqb_spec j x), (Nat.eqb_spec j x'); try lia. reflexivity. }
    exists C. unfold idue_on. rewrite !Nat.eqb_refl.
    destruct (Nat.eqb_spec x' x) as [E|_]; [congruence|].
    destruct (Nat.eqb_spec x x') as [E|_]; [congruence|].
    repeat split.
    - apply HC. intros j Hj _ _. pose proof (idue_on_range x j Hj). destruct (y j); lra.
    - intro Hy. apply HCp. intros j Hj Hjx Hjx'. rewrite (Hy j Hj Hjx Hjx').
      unfold idue_on. destruct (Nat.eqb_spec j x); [congruence|]. destruct (Hab j Hj). lra.
  Qed.

  (** Every class (y_x, y_x') is within the class (1, 0), cross-multiplied. *)
  Lemma idue_class_le : forall u v : bool,
    (if u then a x else 1 - a x) * (if v then b x' else 1 - b x') * (b x * (1 - a x')) <=
    a x * (1 - b x') * ((if u then b x else 1 - b x) * (if v then a x' else 1 - a x')).
  Proof.
    destruct (Hab x Hx) as [[Hb Hba] Ha]. destruct (Hab x' Hx') as [[Hb' Hba'] Ha'].
    assert (P1 : (1 - a x) * b x <= a x * (1 - b x)) by nra.
    assert (P2 : b x' * (1 - a x') <= (1 - b x') * a x') by nra.
    assert (0 <= (1 - a x) * b x) by nra. assert (0 <= b x' * (1 - a x')) by nra.
    intros u v; destruct u, v.
    - (* (1, 1) *) assert (0 <= a x * b x) by nra. nra.
    - (* (1, 0) *) nra.
    - (* (0, 1) *) nra.
    - (* (0, 0) *) assert (0 <= (1 - b x') * (1 - a x')) by nra. nra.
  Qed.

  (** The closed form bounds every output, cross-multiplied. *)
  Lemma idue_closed_form_bound : forall y,
    idue_Q k a b x y * (b x * (1 - a x')) <= a x * (1 - b x') * idue_Q k a b x' y.
  Proof.
    intro y. destruct (idue_split y) as (C & HC & _ & -> & ->).
    pose proof (idue_class_le (y x) (y x')) as P.
    apply (Rmult_le_compat_r C) in P; [|assumption]. nra.
  Qed.

  (** The top class: y_x = 1, y_x' = 0, every other bit 0. *)
  Definition idue_top (j : nat) : bool := Nat.eqb j x.

  Lemma idue_top_values : exists C, 0 < C /\
    idue_Q k a b x idue_top = a x * (1 - b x') * C /\
    idue_Q k a b x' idue_top = b x * (1 - a x') * C.
  Proof.
    destruct (idue_split idue_top) as (C & _ & HCp & -> & ->).
    exists C. unfold idue_top. rewrite Nat.eqb_refl.
    destruct (Nat.eqb_spec x' x) as [E|_]; [congruence|].
    repeat split.
    - apply HCp. intros j _ Hj _. unfold idue_top. destruct (Nat.eqb_spec j x); [congruence|reflexivity].
  Qed.

  Lemma idue_pair_minid : forall m, 1 <= m ->
    a x * (1 - b x') <= m * (b x * (1 - a x')) <->
    forall y, idue_Q k a b x y <= m * idue_Q k a b x' y.
  Proof.
    intros m Hm.
    destruct (Hab x Hx) as [[Hb Hba] Ha]. destruct (Hab x' Hx') as [[Hb' Hba'] Ha'].
    assert (HA : 0 < a x * (1 - b x')) by (apply Rmult_lt_0_compat; lra).
    split.
    - intros Hc y.
      (* b_x (1 - a_x') > 0, else the condition would bound a positive number by 0 *)
      assert (HB : 0 < b x * (1 - a x')).
      { assert (0 <= b x * (1 - a x')) by nra.
        destruct (Rle_lt_or_eq_dec 0 (b x * (1 - a x')) H) as [|E]; [assumption|].
        rewrite <- E in Hc. lra. }
      pose proof (idue_closed_form_bound y) as P.
      pose proof (idue_Q_nonneg x' y) as Q'.
      apply (Rmult_le_reg_r (b x * (1 - a x'))); [assumption|].
      apply (Rle_trans _ _ _ P).
      replace (m * idue_Q k a b x' y * (b x * (1 - a x')))
        with (m * (b x * (1 - a x')) * idue_Q k a b x' y) by ring.
      apply Rmult_le_compat_r; assumption.
    - intros Hy. destruct idue_top_values as (C & HC & E & E').
      specialize (Hy idue_top). rewrite E, E' in Hy.
      apply (Rmult_le_reg_r C); [assumption|]. nra.
  Qed.

  Lemma idue_attained : 0 < b x -> a x' < 1 ->
    exists y, 0 < idue_Q k a b x' y /\ idue_Q k a b x y = idue_loss a b x x' * idue_Q k a b x' y.
  Proof.
    intros Hb Ha'. destruct idue_top_values as (C & HC & E & E').
    exists idue_top. rewrite E, E'. split.
    - apply Rmult_lt_0_compat; [|assumption]. apply Rmult_lt_0_compat; lra.
    - unfold idue_loss. field. lra.
  Qed.
  (** Where b_x = 0 or a_x' = 1 the loss is infinite: an output of x that x' never gives. *)
  Lemma idue_unbounded : b x = 0 \/ a x' = 1 ->
    exists y, idue_Q k a b x' y = 0 /\ 0 < idue_Q k a b x y.
  Proof.
    intros H. destruct idue_top_values as (C & HC & E & E').
    destruct (Hab x Hx) as [[Hb Hba] Ha]. destruct (Hab x' Hx') as [[Hb' Hba'] Ha'].
    exists idue_top. rewrite E, E'. split.
    - destruct H as [-> | ->]; ring.
    - apply Rmult_lt_0_compat; [|assumption]. apply Rmult_lt_0_compat; lra.
  Qed.
End Pair.

Lemma Rmin_ge_1 : forall u v, 1 <= u -> 1 <= v -> 1 <= Rmin u v.
Proof. intros. apply Rmin_glb; assumption. Qed.

(* uldp:statement idue_minid_ldp *)
Theorem idue_minid_ldp : forall (k : nat) (a b tt : nat -> R),
  (forall j, (j < k)%nat -> 0 <= b j < a j /\ a j <= 1) ->
  (forall j, (j < k)%nat -> 1 <= tt j) ->
  (forall x x', (x < k)%nat -> (x' < k)%nat -> x <> x' ->
     (forall y, idue_Q k a b x y * (b x * (1 - a x')) <= a x * (1 - b x') * idue_Q k a b x' y) /\
     (0 < b x -> a x' < 1 -> exists y, 0 < idue_Q k a b x' y /\
        idue_Q k a b x y = idue_loss a b x x' * idue_Q k a b x' y) /\
     (b x = 0 \/ a x' = 1 -> exists y, idue_Q k a b x' y = 0 /\ 0 < idue_Q k a b x y) /\
     (a x * (1 - b x') <= Rmin (tt x) (tt x') * (b x * (1 - a x')) <->
        forall y, idue_Q k a b x y <= Rmin (tt x) (tt x') * idue_Q k a b x' y)) /\
  (MinIDLDP k tt (idue_Q k a b) <->
     forall x x', (x < k)%nat -> (x' < k)%nat -> x <> x' ->
       a x * (1 - b x') <= Rmin (tt x) (tt x') * (b x * (1 - a x'))).
(* uldp:end *)
Proof.
  intros k a b tt Hab Htt. split.
  - intros x x' Hx Hx' Hne. split; [|split; [|split]].
    + apply idue_closed_form_bound; assumption.
    + apply idue_attained; assumption.
    + apply idue_unbounded; assumption.
    + apply idue_pair_minid; try assumption. apply Rmin_ge_1; apply Htt; assumption.
  - split.
    + intros H x x' Hx Hx' Hne.
      apply (idue_pair_minid k a b Hab x x' Hx Hx' Hne); [apply Rmin_ge_1; apply Htt; assumption|].
      intro y. apply H; assumption.
    + intros H x x' y Hx Hx'. destruct (Nat.eq_dec x x') as [<-|Hne].
      * pose proof (idue_Q_nonneg k a b Hab x y). pose proof (Rmin_ge_1 _ _ (Htt x Hx) (Htt x Hx)).
        nra.
      * apply (idue_pair_minid k a b Hab x x' Hx Hx' Hne);
          [apply Rmin_ge_1; apply Htt; assumption | apply H; assumption].
Qed.

Print Assumptions idue_minid_ldp.
