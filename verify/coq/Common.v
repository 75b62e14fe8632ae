(* The notions every uldp claim is stated in: mechanisms on inputs 0..k-1, the ratio bound of
   eps-LDP, condition 1 of ULDP (Definition 2 of arXiv 1807.11317) in its literal and reachable
   readings, OSLDP, and finite sums. They sit in uldp:statement notions blocks, pinned like each
   claim's statement: `uldp prove` says Coq established a claim only when the checked Common.v
   states them as uldp's C++ does (verify/src/coq_notions.cc). The privacy budget is t = e^eps, a real t >= 1, as in the C++
   library (an exact rational there; every statement here holds for every real t). *)
From Coq Require Import Reals Lra Lia.
Open Scope R_scope.

(** [rsum n f] = f 0 + ... + f (n - 1). *)
(* uldp:statement notions *)
Fixpoint rsum (n : nat) (f : nat -> R) : R :=
  match n with
  | O => 0
  | S n' => rsum n' f + f n'
  end.
(* uldp:end *)

Lemma rsum_ext : forall n f g, (forall i, (i < n)%nat -> f i = g i) -> rsum n f = rsum n g.
Proof.
  induction n; intros f g H; simpl; [reflexivity|].
  rewrite (IHn f g) by (intros; apply H; lia). rewrite H by lia. reflexivity.
Qed.

Lemma rsum_plus : forall n f g, rsum n (fun i => f i + g i) = rsum n f + rsum n g.
Proof. induction n; intros; simpl; [lra|]. rewrite IHn. lra. Qed.

Lemma rsum_scal : forall n c f, rsum n (fun i => c * f i) = c * rsum n f.
Proof. induction n; intros; simpl; [lra|]. rewrite IHn. lra. Qed.

Lemma rsum_const : forall n c, rsum n (fun _ => c) = INR n * c.
Proof. induction n; intros; simpl rsum; [simpl; lra|]. rewrite IHn, S_INR. lra. Qed.

Lemma rsum_nonneg : forall n f, (forall i, (i < n)%nat -> 0 <= f i) -> 0 <= rsum n f.
Proof.
  induction n; intros f H; simpl; [lra|].
  assert (0 <= rsum n f) by (apply IHn; intros; apply H; lia).
  assert (0 <= f n) by (apply H; lia). lra.
Qed.

Lemma rsum_le : forall n f g, (forall i, (i < n)%nat -> f i <= g i) -> rsum n f <= rsum n g.
Proof.
  induction n; intros f g H; simpl; [lra|].
  assert (rsum n f <= rsum n g) by (apply IHn; intros; apply H; lia).
  assert (f n <= g n) by (apply H; lia). lra.
Qed.

(** The number of i < n with [p i] true, as a real. *)
(* uldp:statement notions *)
Definition count (n : nat) (p : nat -> bool) : R := rsum n (fun i => if p i then 1 else 0).
(* uldp:end *)

Lemma count_nonneg : forall n p, 0 <= count n p.
Proof. intros; apply rsum_nonneg; intros; destruct (p i); lra. Qed.

(** The sum of an indicator of one index j < n: [rsum n (if i = j then c else 0) = c]. *)
Lemma rsum_single : forall n j c, (j < n)%nat ->
  rsum n (fun i => if Nat.eqb i j then c else 0) = c.
Proof.
  induction n; intros j c Hj; [lia|]. simpl.
  destruct (Nat.eqb n j) eqn:E.
  - apply Nat.eqb_eq in E; subst.
    rewrite (rsum_ext j _ (fun _ => 0)) by (intros i Hi; destruct (Nat.eqb_spec i j); [lia|reflexivity]).
    rewrite rsum_const. lra.
  - apply Nat.eqb_neq in E. rewrite IHn by lia. lra.
Qed.

(* uldp:statement notions *)
Section Notions.
  (** Outputs of any type; [Yd] is the output set of the mechanism. *)
  Variable Y : Type.

  (** Q(y|x) <= t Q(y|x') for all inputs x, x' < k and every output y with [Yr y]. *)
  Definition RatioBound (k : nat) (Yr : Y -> Prop) (Q : nat -> Y -> R) (t : R) : Prop :=
    forall x x' y, (x < k)%nat -> (x' < k)%nat -> Yr y -> Q x y <= t * Q x' y.

  (** Some pair of inputs and some output with [Yr y] attain the ratio t exactly. *)
  Definition RatioAttained (k : nat) (Yr : Y -> Prop) (Q : nat -> Y -> R) (t : R) : Prop :=
    exists x x' y, (x < k)%nat /\ (x' < k)%nat /\ Yr y /\ 0 < Q x' y /\ Q x y = t * Q x' y.

  (** eps-LDP (Definition 1) over the output set [Yd]. *)
  Definition LDP (k : nat) (Yd : Y -> Prop) (Q : nat -> Y -> R) (t : R) : Prop :=
    RatioBound k Yd Q t.

  (** y has exactly one source, and that source is non-sensitive. *)
  Definition SoleNonSensitiveSource (k : nat) (S : nat -> bool) (Q : nat -> Y -> R) (y : Y) :=
    exists x, (x < k)%nat /\ S x = false /\ 0 < Q x y /\
      forall x', (x' < k)%nat -> x' <> x -> Q x' y = 0.

  (** Some input produces y. *)
  Definition Reachable (k : nat) (Q : nat -> Y -> R) (y : Y) := exists x, (x < k)%nat /\ 0 < Q x y.

  (** Condition 1 of Definition 2, literally: every invertible output has a sole,
      non-sensitive source. *)
  Definition Cond1Literal (k : nat) (S : nat -> bool) (Yi : Y -> Prop) (Q : nat -> Y -> R) :=
    forall y, Yi y -> SoleNonSensitiveSource k S Q y.

  (** Condition 1 over the invertible outputs that some input produces (the reading uldp's
      checkers call "reachable"; docs/errata.md says why the literal one fails for uRAP). *)
  Definition Cond1Reachable (k : nat) (S : nat -> bool) (Yi : Y -> Prop) (Q : nat -> Y -> R) :=
    forall y, Yi y -> Reachable k Q y -> SoleNonSensitiveSource k S Q y.

  (** (X_S, Y_P, eps)-ULDP (Definition 2) with Y_P = [Yp] and Y_I = [Yi], reachable reading. *)
  Definition ULDP (k : nat) (S : nat -> bool) (Yp Yi : Y -> Prop) (Q : nat -> Y -> R) (t : R) :=
    Cond1Reachable k S Yi Q /\ RatioBound k Yp Q t.

  (** The same, condition 1 read literally. *)
  Definition ULDPLiteral (k : nat) (S : nat -> bool) (Yp Yi : Y -> Prop) (Q : nat -> Y -> R)
    (t : R) := Cond1Literal k S Yi Q /\ RatioBound k Yp Q t.

  (** (X_S, eps)-OSLDP (Definition 6): Q(y|x) <= t Q(y|x') for x in X_S, any x', any y. *)
  Definition OSLDP (k : nat) (S : nat -> bool) (Yd : Y -> Prop) (Q : nat -> Y -> R) (t : R) :=
    forall x x' y, (x < k)%nat -> (x' < k)%nat -> S x = true -> Yd y -> Q x y <= t * Q x' y.
End Notions.

Arguments RatioBound {Y}. Arguments RatioAttained {Y}. Arguments LDP {Y}.
Arguments SoleNonSensitiveSource {Y}. Arguments Reachable {Y}. Arguments Cond1Literal {Y}.
Arguments Cond1Reachable {Y}. Arguments ULDP {Y}. Arguments ULDPLiteral {Y}. Arguments OSLDP {Y}.
(* uldp:end *)

(** A mechanism with outputs 0..m-1: entries >= 0 and every row sums to 1. *)
(* uldp:statement notions *)
Definition Mechanism (k m : nat) (Q : nat -> nat -> R) : Prop :=
  (forall x y, (x < k)%nat -> (y < m)%nat -> 0 <= Q x y) /\
  (forall x, (x < k)%nat -> rsum m (Q x) = 1).

(** Output sets of a mechanism with outputs 0..m-1, split by the protected set [P]. *)
Definition Outputs (m : nat) (y : nat) : Prop := (y < m)%nat.
Definition Protected (m : nat) (P : nat -> bool) (y : nat) : Prop := (y < m)%nat /\ P y = true.
Definition Invertible (m : nat) (P : nat -> bool) (y : nat) : Prop := (y < m)%nat /\ P y = false.
(* uldp:end *)
