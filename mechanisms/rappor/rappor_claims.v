(* rappor_ldp: the (theta, eps)-generalized RAPPOR (Section 2.4 of arXiv 1807.11317) is eps-LDP
   for every t = e^eps >= 1, theta in [0,1] and k >= 1, with the ratio t attained for
   theta in (0,1) and k >= 2. Outputs are bit vectors y : nat -> bool (bits 0..k-1 are read);
   Q(y|x) is the product over j < k of Pr(y_j | x): bit j is 1 with probability theta when
   j = x and psi = theta / ((1 - theta) t + theta) otherwise. Every bit vector is an output
   (Y_P = {0,1}^k). As a bonus, every row sums to 1 over the 2^k vectors (rappor_rows_sum_1). *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement rappor_ldp *)
Fixpoint rprod (n : nat) (f : nat -> R) : R :=
  match n with
  | O => 1
  | S n' => rprod n' f * f n'
  end.

Definition rappor_psi (theta t : R) : R := theta / ((1 - theta) * t + theta).

Definition rappor_on (theta t : R) (x j : nat) : R :=
  if Nat.eqb j x then theta else rappor_psi theta t.

Definition rappor_Q (k : nat) (theta t : R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then rappor_on theta t x j else 1 - rappor_on theta t x j).
(* uldp:end *)

(* helper lemmas, not part of the statement *)

(** Finite products. *)
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

(** The per-bit facts of RAPPOR, with U = (1 - theta) t + theta >= 1: psi U = theta and
    (1 - psi) U = (1 - theta) t. *)
Lemma psi_facts : forall theta t, 1 <= t -> 0 <= theta <= 1 ->
  1 <= (1 - theta) * t + theta /\
  rappor_psi theta t * ((1 - theta) * t + theta) = theta /\
  (1 - rappor_psi theta t) * ((1 - theta) * t + theta) = (1 - theta) * t /\
  0 <= rappor_psi theta t <= 1.
Proof.
  intros theta t Ht Hth.
  assert (HU : 1 <= (1 - theta) * t + theta) by nra.
  assert (HpU : rappor_psi theta t * ((1 - theta) * t + theta) = theta)
    by (unfold rappor_psi; field; lra).
  set (U := (1 - theta) * t + theta) in *. set (p := rappor_psi theta t) in *.
  assert (HqU : (1 - p) * U = (1 - theta) * t) by (unfold U in *; lra).
  repeat split; try assumption.
  - apply (Rmult_le_reg_r U); [lra|]. rewrite HpU. lra.
  - apply (Rmult_le_reg_r U); [lra|]. rewrite HpU. unfold U. nra.
Qed.

(** The two bits that differ, cross-multiplied: (u, v) = (y_x, y_x'). *)
Lemma rappor_pair_eq : forall theta t, 1 <= t -> 0 <= theta <= 1 ->
  theta * (1 - rappor_psi theta t) = t * (rappor_psi theta t * (1 - theta)).
Proof.
  intros theta t Ht Hth. destruct (psi_facts theta t Ht Hth) as (HU & HpU & HqU & Hp).
  set (U := (1 - theta) * t + theta) in *. set (p := rappor_psi theta t) in *.
  apply (Rmult_eq_reg_r U); [|lra].
  replace (theta * (1 - p) * U) with (theta * ((1 - p) * U)) by ring.
  replace (t * (p * (1 - theta)) * U) with (t * (1 - theta) * (p * U)) by ring.
  rewrite HpU, HqU. ring.
Qed.

Lemma rappor_pair_le : forall theta t (u v : bool), 1 <= t -> 0 <= theta <= 1 ->
  (if u then theta else 1 - theta) * (if v then rappor_psi theta t else 1 - rappor_psi theta t)
  <= t * ((if u then rappor_psi theta t else 1 - rappor_psi theta t) *
          (if v then theta else 1 - theta)).
Proof.
  intros theta t u v Ht Hth. pose proof (rappor_pair_eq theta t Ht Hth) as E.
  destruct (psi_facts theta t Ht Hth) as (HU & HpU & HqU & Hp).
  set (U := (1 - theta) * t + theta) in *. set (p := rappor_psi theta t) in *.
  destruct u, v.
  - assert (0 <= theta * p) by nra. nra.
  - lra.
  - apply (Rmult_le_reg_r U); [lra|].
    replace ((1 - theta) * p * U) with ((1 - theta) * (p * U)) by ring.
    replace (t * ((1 - p) * theta) * U) with (t * theta * ((1 - p) * U)) by ring.
    rewrite HpU, HqU. assert (0 <= (1 - theta) * theta) by nra. assert (1 <= t * t) by nra. nra.
  - assert (0 <= (1 - theta) * (1 - p)) by nra. nra.
Qed.

Lemma rappor_on_range : forall theta t x j, 1 <= t -> 0 <= theta <= 1 ->
  0 <= rappor_on theta t x j <= 1.
Proof.
  intros. unfold rappor_on. destruct (Nat.eqb j x); [lra|]. apply psi_facts; assumption.
Qed.

Lemma rappor_Q_nonneg : forall k theta t x y, 1 <= t -> 0 <= theta <= 1 ->
  0 <= rappor_Q k theta t x y.
Proof.
  intros. apply rprod_nonneg. intros j _.
  pose proof (rappor_on_range theta t x j H H0). destruct (y j); lra.
Qed.

Lemma rappor_ratio : forall k theta t, 1 <= t -> 0 <= theta <= 1 ->
  RatioBound k (fun _ => True) (rappor_Q k theta t) t.
Proof.
  intros k theta t Ht Hth x x' y Hx Hx' _.
  destruct (Nat.eq_dec x x') as [<-|Hne].
  { pose proof (rappor_Q_nonneg k theta t x y Ht Hth). nra. }
  unfold rappor_Q.
  destruct (rprod_pair_common k
    (fun j => if y j then rappor_on theta t x j else 1 - rappor_on theta t x j)
    (fun j => if y j then rappor_on theta t x' j else 1 - rappor_on theta t x' j) x x' Hx Hx' Hne)
    as (C & HC & _ & -> & ->).
  - intros j _ Hj Hj'. unfold rappor_on.
    destruct (Nat.eqb_spec j x), (Nat.eqb_spec j x'); try lia. reflexivity.
  - assert (0 <= C).
    { apply HC. intros j _ _ _. pose proof (rappor_on_range theta t x j Ht Hth).
      destruct (y j); lra. }
    unfold rappor_on. rewrite Nat.eqb_refl, Nat.eqb_refl.
    destruct (Nat.eqb_spec x' x) as [E|_]; [congruence|].
    destruct (Nat.eqb_spec x x') as [E|_]; [congruence|].
    pose proof (rappor_pair_le theta t (y x) (y x') Ht Hth).
    apply (Rmult_le_compat_r C) in H0; [|assumption]. nra.
Qed.

Lemma rappor_attained : forall k theta t, 1 <= t -> 0 < theta < 1 -> (2 <= k)%nat ->
  RatioAttained k (fun _ => True) (rappor_Q k theta t) t.
Proof.
  intros k theta t Ht Hth Hk.
  assert (Hth' : 0 <= theta <= 1) by lra.
  destruct (psi_facts theta t Ht Hth') as (HU & HpU & HqU & _).
  set (p := rappor_psi theta t) in *.
  assert (Hp : 0 < p < 1).
  { split; apply (Rmult_lt_reg_r ((1 - theta) * t + theta)); try lra;
      rewrite HpU; nra. }
  set (y := fun j => Nat.eqb j 0).
  exists 0%nat, 1%nat, y. unfold rappor_Q.
  destruct (rprod_pair_common k
    (fun j => if y j then rappor_on theta t 0 j else 1 - rappor_on theta t 0 j)
    (fun j => if y j then rappor_on theta t 1 j else 1 - rappor_on theta t 1 j) 0 1)
    as (C & _ & HC & -> & ->); try lia.
  - intros j _ Hj Hj'. unfold rappor_on.
    destruct (Nat.eqb_spec j 0), (Nat.eqb_spec j 1); try lia. reflexivity.
  - assert (0 < C).
    { apply HC. intros j _ Hj0 Hj1. unfold y, rappor_on.
      destruct (Nat.eqb_spec j 0); [lia|]. fold p. lra. }
    unfold y, rappor_on; simpl. fold p.
    pose proof (rappor_pair_eq theta t Ht Hth') as E. fold p in E.
    repeat split; try lia.
    + apply Rmult_lt_0_compat; [|lra]. apply Rmult_lt_0_compat; lra.
    + rewrite E. ring.
Qed.

(** Bonus: sums over the 2^n bit vectors that are false from bit n on (every y is read only
    through bits < n here), and the rows of RAPPOR sum to 1. *)
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

Theorem rappor_rows_sum_1 : forall k theta t x,
  vsum k (fun y => rappor_Q k theta t x y) = 1.
Proof. intros. unfold rappor_Q. apply vsum_bits. Qed.

(* uldp:statement rappor_ldp *)
Theorem rappor_ldp : forall (t theta : R) (k : nat),
  1 <= t -> 0 <= theta <= 1 -> (1 <= k)%nat ->
  (forall x j, (x < k)%nat -> (j < k)%nat -> 0 <= rappor_on theta t x j <= 1) /\
  LDP k (fun _ => True) (rappor_Q k theta t) t /\
  ((2 <= k)%nat -> 0 < theta < 1 -> RatioAttained k (fun _ => True) (rappor_Q k theta t) t).
(* uldp:end *)
Proof.
  intros t theta k Ht Hth Hk. split; [|split].
  - intros. apply rappor_on_range; assumption.
  - apply rappor_ratio; assumption.
  - intros Hk2 Hth'. apply rappor_attained; assumption.
Qed.

Print Assumptions rappor_ldp.
Print Assumptions rappor_rows_sum_1.
