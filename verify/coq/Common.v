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

(** [rprod n f] = f 0 * ... * f (n - 1): the probability of a bit vector under a product of
    per-bit channels (RAPPOR, uRAP, IDUE). *)
(* uldp:statement notions *)
Fixpoint rprod (n : nat) (f : nat -> R) : R :=
  match n with
  | O => 1
  | S n' => rprod n' f * f n'
  end.
(* uldp:end *)

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

(** A row with [a] at one index c < n and [b] at the others sums to a + (n - 1) b (RR's rows,
    local hashing's per seed). *)
Lemma rsum_one_hot : forall n c a b, (c < n)%nat ->
  rsum n (fun y => if Nat.eqb c y then a else b) = a + (INR n - 1) * b.
Proof.
  intros n c a b Hc.
  rewrite (rsum_ext n _ (fun y => b + (if Nat.eqb y c then a - b else 0))).
  - rewrite rsum_plus, rsum_const, (rsum_single n c (a - b) Hc). lra.
  - intros y _. rewrite (Nat.eqb_sym y c). destruct (Nat.eqb c y); lra.
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

(** Products over the bits of a bit vector (RAPPOR, uRAP, IDUE). *)
Lemma rprod_ext : forall n f g, (forall i, (i < n)%nat -> f i = g i) -> rprod n f = rprod n g.
Proof.
  induction n; intros f g H; simpl; [reflexivity|].
  rewrite (IHn f g) by (intros; apply H; lia). rewrite H by lia. reflexivity.
Qed.

Lemma rprod_nonneg : forall n f, (forall i, (i < n)%nat -> 0 <= f i) -> 0 <= rprod n f.
Proof.
  induction n; intros f H; simpl; [lra|].
  apply Rmult_le_pos; [apply IHn; intros; apply H; lia | apply H; lia].
Qed.

Lemma rprod_pos : forall n f, (forall i, (i < n)%nat -> 0 < f i) -> 0 < rprod n f.
Proof.
  induction n; intros f H; simpl; [lra|].
  apply Rmult_lt_0_compat; [apply IHn; intros; apply H; lia | apply H; lia].
Qed.

(** Pulling factor x out of the product. *)
Lemma rprod_pick : forall n f x, (x < n)%nat ->
  rprod n f = f x * rprod n (fun j => if Nat.eqb j x then 1 else f j).
Proof.
  induction n; intros f x Hx; [lia|]. simpl.
  destruct (Nat.eqb_spec n x) as [E|E].
  - subst. rewrite (rprod_ext x (fun j => if Nat.eqb j x then 1 else f j) f).
    + ring.
    + intros i Hi. destruct (Nat.eqb_spec i x); [lia|reflexivity].
  - rewrite (IHn f x) by lia. ring.
Qed.

Lemma rprod_zero : forall n f x, (x < n)%nat -> f x = 0 -> rprod n f = 0.
Proof. intros n f x Hx H0. rewrite (rprod_pick n f x Hx), H0. ring. Qed.

(** Two product mechanisms whose factors agree off x and x': the products are
    f x * f x' * C and g x * g x' * C for one common C. *)
Lemma rprod_pair_common : forall n f g x x',
  (x < n)%nat -> (x' < n)%nat -> x <> x' ->
  (forall j, (j < n)%nat -> j <> x -> j <> x' -> f j = g j) ->
  exists C,
    ((forall j, (j < n)%nat -> j <> x -> j <> x' -> 0 <= f j) -> 0 <= C) /\
    ((forall j, (j < n)%nat -> j <> x -> j <> x' -> 0 < f j) -> 0 < C) /\
    rprod n f = f x * f x' * C /\ rprod n g = g x * g x' * C.
Proof.
  intros n f g x x' Hx Hx' Hne Hfg.
  set (h := fun (f : nat -> R) j => if Nat.eqb j x then 1 else if Nat.eqb j x' then 1 else f j).
  assert (Split : forall f, rprod n f = f x * f x' * rprod n (h f)).
  { intro f0. rewrite (rprod_pick n f0 x Hx).
    rewrite (rprod_pick n (fun j => if Nat.eqb j x then 1 else f0 j) x' Hx').
    destruct (Nat.eqb_spec x' x) as [E|_]; [congruence|].
    rewrite (rprod_ext n _ (h f0)); [ring|].
    intros i _. unfold h.
    destruct (Nat.eqb_spec i x'), (Nat.eqb_spec i x); reflexivity. }
  exists (rprod n (h f)). repeat split.
  - intro Hn. apply rprod_nonneg. intros i Hi. unfold h.
    destruct (Nat.eqb_spec i x); [lra|]. destruct (Nat.eqb_spec i x'); [lra|].
    apply Hn; assumption.
  - intro Hp. apply rprod_pos. intros i Hi. unfold h.
    destruct (Nat.eqb_spec i x); [lra|]. destruct (Nat.eqb_spec i x'); [lra|].
    apply Hp; assumption.
  - apply Split.
  - rewrite (Split g). f_equal. apply rprod_ext. intros i Hi. unfold h.
    destruct (Nat.eqb_spec i x); [reflexivity|]. destruct (Nat.eqb_spec i x'); [reflexivity|].
    symmetry. apply Hfg; assumption.
Qed.

(** Sums over the 2^n bit vectors that are false from bit n on (every y is read only through
    bits < n): a product mechanism's rows sum to 1 over them (rappor, urap). *)
Definition bset (y : nat -> bool) (n : nat) (b : bool) : nat -> bool :=
  fun j => if Nat.eqb j n then b else y j.

Fixpoint vsum (n : nat) (F : (nat -> bool) -> R) : R :=
  match n with
  | O => F (fun _ => false)
  | S n' => vsum n' (fun y => F (bset y n' false)) + vsum n' (fun y => F (bset y n' true))
  end.

Lemma vsum_ext : forall n F G, (forall y, F y = G y) -> vsum n F = vsum n G.
Proof.
  induction n; intros F G H; simpl; [apply H|].
  f_equal; apply IHn; intro; apply H.
Qed.

Lemma vsum_scal : forall n c F, vsum n (fun y => F y * c) = vsum n F * c.
Proof.
  induction n; intros c F; simpl; [reflexivity|].
  rewrite (IHn c (fun y => F (bset y n false))), (IHn c (fun y => F (bset y n true))). ring.
Qed.

Lemma vsum_bits : forall n (p : nat -> R),
  vsum n (fun y => rprod n (fun j => if y j then p j else 1 - p j)) = 1.
Proof.
  induction n; intros p; simpl; [reflexivity|].
  assert (E : forall b y, rprod n (fun j => if bset y n b j then p j else 1 - p j) =
                          rprod n (fun j => if y j then p j else 1 - p j)).
  { intros b y. apply rprod_ext. intros i Hi. unfold bset.
    destruct (Nat.eqb_spec i n); [lia|reflexivity]. }
  rewrite (vsum_ext n _ (fun y => rprod n (fun j => if y j then p j else 1 - p j) * (1 - p n))).
  2: { intro y. rewrite E. unfold bset. rewrite Nat.eqb_refl. reflexivity. }
  rewrite (vsum_ext n (fun y => _ * (if bset y n true n then _ else _))
             (fun y => rprod n (fun j => if y j then p j else 1 - p j) * p n)).
  2: { intro y. rewrite E. unfold bset. rewrite Nat.eqb_refl. reflexivity. }
  rewrite !vsum_scal, IHn. ring.
Qed.
